import { bearerOf, createFakeOAuth } from "./oauth-state.ts";

/**
 * A local Polar AccessLink v3 (https://www.polar.com/accesslink-api/): POST /v2/oauth2/token
 * (Basic client auth, answers x_user_id, no refresh token), user registration POST
 * /v3/users (409 when already registered), DELETE /v3/users/{id}, GET /v3/exercises with
 * samples and route, /v3/users/sleep and /v3/users/nightly-recharge, and daily activity
 * transactions (POST opens one, 204 when nothing is new; GET lists absolute activity URLs;
 * PUT commits, after which its summaries are not sent again).
 */
export function startFakePolar() {
  const oauth = createFakeOAuth("polar-client", "polar-secret");
  const registered = new Set<string>();
  const exercises: Record<string, unknown>[] = [];
  const nights: Record<string, unknown>[] = [];
  const recharges: Record<string, unknown>[] = [];
  const requests: string[] = [];
  /** Daily activity summaries not yet committed by the client. */
  const dailyActivity: Record<string, unknown>[] = [];
  const transactions = new Map<number, Record<string, unknown>[]>();
  let transactionIds = 0;
  const transactionsPath = "/v3/users/10001/activity-transactions";
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
      if (url.pathname === transactionsPath && request.method === "POST") {
        if (dailyActivity.length === 0) return new Response(null, { status: 204 });
        const id = ++transactionIds;
        transactions.set(id, [...dailyActivity]);
        return Response.json(
          {
            "transaction-id": id,
            "resource-uri": `https://www.polaraccesslink.com${transactionsPath}/${id}`,
          },
          { status: 201 },
        );
      }
      const tx = url.pathname.match(
        /^\/v3\/users\/10001\/activity-transactions\/(\d+)(?:\/activities\/(\d+))?$/,
      );
      const held = tx ? transactions.get(Number(tx[1])) : undefined;
      if (tx && held) {
        if (request.method === "PUT") {
          for (const summary of held) dailyActivity.splice(dailyActivity.indexOf(summary), 1);
          transactions.delete(Number(tx[1]));
          return new Response(null, { status: 200 });
        }
        if (tx[2]) return Response.json(held.find((a) => String(a.id) === tx[2]) ?? null);
        return Response.json({
          "activity-log": held.map(
            (a) => `https://www.polaraccesslink.com${transactionsPath}/${tx[1]}/activities/${a.id}`,
          ),
        });
      }
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
    dailyActivity,
    requests,
    stop: () => server.stop(true),
  };
}
