import { bearerOf, createFakeOAuth, type FakeFailure } from "./oauth-state.ts";

/**
 * A local Oura API v2 (https://cloud.ouraring.com/v2/docs): /oauth/token, /oauth/revoke and
 * /v2/usercollection/{sleep,daily_activity,daily_readiness,workout} by start_date/end_date,
 * heartrate by start_datetime/end_datetime (over 30 days: 400, as Oura answers), pages of
 * two with next_token. 401 and 429 with Oura's {detail} body.
 */
export function startFakeOura() {
  const oauth = createFakeOAuth("oura-client", "oura-secret");
  const sleep: Record<string, unknown>[] = [];
  const dailyActivity: Record<string, unknown>[] = [];
  const workouts: Record<string, unknown>[] = [];
  const heartrate: { bpm: number; source: string; timestamp: string }[] = [];
  const failures: FakeFailure[] = [];
  const requests: string[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}`);
      if (url.pathname === "/oauth/token") {
        const form = await request.formData();
        if (
          form.get("client_id") !== oauth.clientId ||
          form.get("client_secret") !== oauth.clientSecret
        )
          return Response.json({ error: "invalid_client" }, { status: 401 });
        const tokens =
          form.get("grant_type") === "authorization_code"
            ? oauth.exchange(String(form.get("code")))
            : oauth.refresh(String(form.get("refresh_token")));
        if (!tokens) return Response.json({ error: "invalid_grant" }, { status: 400 });
        return Response.json({
          token_type: "bearer",
          access_token: tokens.access,
          expires_in: 86400,
          refresh_token: tokens.refresh,
        });
      }
      if (url.pathname === "/oauth/revoke") return new Response(null, { status: 200 });
      const failure = failures.shift();
      if (failure)
        return Response.json(failure.body ?? { detail: "error" }, {
          status: failure.status,
          headers: failure.headers,
        });
      if (!oauth.isValid(bearerOf(request)))
        return Response.json({ detail: "Invalid token" }, { status: 401 });
      const q = url.searchParams;
      const name = url.pathname.replace("/v2/usercollection/", "");
      let items: Record<string, unknown>[];
      if (name === "heartrate") {
        const from = q.get("start_datetime")!;
        const to = q.get("end_datetime")!;
        if (Date.parse(to) - Date.parse(from) > 30 * 86_400_000)
          return Response.json(
            { detail: "Start and end datetime must be within 30 days" },
            { status: 400 },
          );
        items = heartrate.filter((h) => h.timestamp >= from && h.timestamp <= to);
      } else {
        const store = {
          sleep,
          daily_activity: dailyActivity,
          daily_readiness: [],
          workout: workouts,
        }[name];
        if (!store) return Response.json({ detail: "Not Found" }, { status: 404 });
        items = store.filter(
          (i) => String(i.day) >= q.get("start_date")! && String(i.day) <= q.get("end_date")!,
        );
      }
      const offset = Number(q.get("next_token") ?? 0);
      const next = offset + 2 < items.length ? String(offset + 2) : null;
      return Response.json({ data: items.slice(offset, offset + 2), next_token: next });
    },
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    oauth,
    sleep,
    dailyActivity,
    workouts,
    heartrate,
    requests,
    fail: (...f: FakeFailure[]) => failures.push(...f),
    stop: () => server.stop(true),
  };
}
