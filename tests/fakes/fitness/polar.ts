import { bearerOf, createFakeOAuth } from "./oauth-state.ts";

/**
 * A local Polar AccessLink v3 (https://www.polar.com/accesslink-api/): POST /v2/oauth2/token
 * (Basic client auth, answers x_user_id, no refresh token), user registration POST
 * /v3/users (409 when already registered), DELETE /v3/users/{id}, GET /v3/exercises with
 * samples and route, /v3/users/sleep and /v3/users/nightly-recharge.
 */
export function startFakePolar() {
  const oauth = createFakeOAuth("polar-client", "polar-secret");
  const registered = new Set<string>();
  const exercises: Record<string, unknown>[] = [];
  const nights: Record<string, unknown>[] = [];
  const recharges: Record<string, unknown>[] = [];
  const requests: string[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}`);
      if (url.pathname === "/v2/oauth2/token") {
        const basic = `Basic ${Buffer.from(`${oauth.clientId}:${oauth.clientSecret}`).toString("base64")}`;
        if (request.headers.get("authorization") !== basic)
          return Response.json({ error: "invalid_client" }, { status: 401 });
        const form = await request.formData();
        const tokens = oauth.exchange(String(form.get("code")));
        if (!tokens) return Response.json({ error: "invalid_grant" }, { status: 400 });
        return Response.json({
          access_token: tokens.access,
          token_type: "bearer",
          expires_in: 315359999,
          x_user_id: 10001,
        });
      }
      if (!oauth.isValid(bearerOf(request))) return new Response(null, { status: 401 });
      if (url.pathname === "/v3/users" && request.method === "POST") {
        const { "member-id": member } = (await request.json()) as { "member-id": string };
        if (registered.has(member)) return new Response(null, { status: 409 });
        registered.add(member);
        return Response.json({
          "polar-user-id": 10001,
          "member-id": member,
          "registration-date": new Date().toISOString(),
        });
      }
      if (url.pathname === "/v3/users/10001" && request.method === "DELETE")
        return new Response(null, { status: 204 });
      if (url.pathname === "/v3/exercises") return Response.json(exercises);
      if (url.pathname === "/v3/users/sleep") return Response.json({ nights });
      if (url.pathname === "/v3/users/nightly-recharge") return Response.json({ recharges });
      return new Response(null, { status: 404 });
    },
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    oauth,
    registered,
    exercises,
    nights,
    recharges,
    requests,
    stop: () => server.stop(true),
  };
}
