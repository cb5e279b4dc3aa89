import { bearerOf, createFakeOAuth, type FakeFailure } from "./oauth-state.ts";

/**
 * A local Fitbit Web API (https://dev.fitbit.com/build/reference/web-api/): /oauth2/token
 * (Basic client auth), /oauth2/revoke, profile, daily series by date range (refusing ranges
 * over 30 days with Fitbit's 400 body), weight logs, sleep v1.2 and the activity log list.
 * 401 answers {errors:[{errorType:"expired_token"}]} as Fitbit does; 429 carries
 * Retry-After and Fitbit-Rate-Limit-Reset.
 */
export function startFakeFitbit() {
  const oauth = createFakeOAuth("fitbit-client", "fitbit-secret");
  const days: Record<string, { steps: number; resting: number; hrv: number; water: number }> = {};
  const weights: { logId: number; date: string; weight: number; fat?: number }[] = [];
  const sleeps: { logId: number; dateOfSleep: string; startTime: string; endTime: string }[] = [];
  const activities: {
    logId: number;
    activityName: string;
    startTime: string;
    duration: number;
    distance: number;
  }[] = [];
  const failures: FakeFailure[] = [];
  const requests: string[] = [];
  const error = (status: number, errorType: string, message: string) =>
    Response.json({ errors: [{ errorType, message }], success: false }, { status });

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}`);
      if (url.pathname === "/oauth2/token") return token(request, await request.formData());
      const failure = failures.shift();
      if (failure)
        return Response.json(failure.body ?? {}, {
          status: failure.status,
          headers: failure.headers,
        });
      if (url.pathname === "/oauth2/revoke") return new Response(null, { status: 200 });
      if (!oauth.isValid(bearerOf(request)))
        return error(401, "expired_token", "Access token expired");
      if (url.pathname === "/1/user/-/profile.json")
        return Response.json({
          user: { timezone: "Europe/Berlin", offsetFromUTCMillis: 3_600_000 },
        });
      if (url.pathname === "/1/user/-/activities/list.json") {
        const after = url.searchParams.get("afterDate")!;
        const offset = Number(url.searchParams.get("offset") ?? 0);
        const limit = Number(url.searchParams.get("limit") ?? 20);
        const matching = activities.filter((a) => a.startTime.slice(0, 10) > after);
        const page = matching.slice(offset, offset + limit);
        const next =
          offset + limit < matching.length
            ? `${url.origin}${url.pathname}?offset=${offset + limit}`
            : "";
        return Response.json({
          activities: page.map((a) => ({ ...a, calories: 300, distanceUnit: "Kilometer" })),
          pagination: { next, offset, limit },
        });
      }
      const ranged = url.pathname.match(
        /^\/1(?:\.2)?\/user\/-\/(.+)\/date\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})\.json$/,
      );
      if (!ranged) return error(404, "not_found", "The API you are requesting could not be found.");
      const [, path, from, to] = ranged as unknown as [string, string, string, string];
      if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= 31)
        return error(400, "validation", "The time range must be less than or equal to 31 days.");
      const inRange = (day: string) => day >= from && day <= to;
      const series = Object.entries(days).filter(([day]) => inRange(day));
      switch (path) {
        case "activities/steps":
          return Response.json({
            "activities-steps": series.map(([d, v]) => ({ dateTime: d, value: String(v.steps) })),
          });
        case "activities/heart":
          return Response.json({
            "activities-heart": series.map(([d, v]) => ({
              dateTime: d,
              value: { restingHeartRate: v.resting, heartRateZones: [] },
            })),
          });
        case "hrv":
          return Response.json({
            hrv: series.map(([d, v]) => ({
              dateTime: d,
              value: { dailyRmssd: v.hrv, deepRmssd: v.hrv + 3 },
            })),
          });
        case "foods/log/water":
          return Response.json({
            "foods-log-water": series.map(([d, v]) => ({ dateTime: d, value: String(v.water) })),
          });
        case "spo2":
          return Response.json([]);
        case "br":
          return Response.json({ br: [] });
        case "temp/skin":
          return Response.json({ tempSkin: [] });
        case "body/log/weight":
          return Response.json({
            weight: weights
              .filter((w) => inRange(w.date))
              .map((w) => ({ ...w, bmi: 24, source: "Aria", time: "07:00:00" })),
          });
        case "sleep":
          return Response.json({
            sleep: sleeps
              .filter((s) => inRange(s.dateOfSleep))
              .map((s) => ({
                ...s,
                isMainSleep: true,
                type: "stages",
                levels: { data: [{ dateTime: s.startTime, level: "light", seconds: 3600 }] },
              })),
          });
      }
      return error(404, "not_found", "The API you are requesting could not be found.");
    },
  });

  function token(request: Request, form: FormData) {
    const basic = `Basic ${Buffer.from(`${oauth.clientId}:${oauth.clientSecret}`).toString("base64")}`;
    if (request.headers.get("authorization") !== basic)
      return error(401, "invalid_client", "Invalid authorization header.");
    const tokens =
      form.get("grant_type") === "authorization_code"
        ? oauth.exchange(String(form.get("code")))
        : oauth.refresh(String(form.get("refresh_token")));
    if (!tokens) return error(400, "invalid_grant", "Authorization code invalid");
    return Response.json({
      access_token: tokens.access,
      expires_in: 28800,
      refresh_token: tokens.refresh,
      scope: "activity sleep weight",
      token_type: "Bearer",
      user_id: "FB1234",
    });
  }

  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    oauth,
    days,
    weights,
    sleeps,
    activities,
    requests,
    fail: (...f: FakeFailure[]) => failures.push(...f),
    stop: () => server.stop(true),
  };
}
