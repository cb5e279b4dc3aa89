import { bearerOf, createFakeOAuth, type FakeFailure } from "./oauth-state.ts";

/**
 * A local Strava (https://developers.strava.com/docs/reference/): /oauth/authorize (approves
 * at once and redirects back, as the user's click would), /oauth/token (code and
 * refresh grants), /oauth/deauthorize, /api/v3/athlete, /athlete/activities (after, before,
 * page, per_page), /activities/{id} and /activities/{id}/streams (key_by_type), with
 * Strava's error bodies for 401, 429 (X-RateLimit headers) and 5xx.
 */
export type FakeStravaActivity = {
  id: number;
  name: string;
  sport_type: string;
  start_date: string;
  elapsed_time: number;
  distance: number;
  calories?: number;
  timezone?: string;
  /** Points one second apart: [lat, lng, heartrate]. */
  points?: [number, number, number][];
  /** Lap lengths in seconds. */
  laps?: number[];
};

export function startFakeStrava() {
  const oauth = createFakeOAuth();
  const activities: FakeStravaActivity[] = [];
  const failures: FakeFailure[] = [];
  const requests: string[] = [];
  const athlete = { id: 4242, username: "runner", weight: 71.5 as number | null };

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (url.pathname === "/oauth/token") return token(await request.formData());
      // The authorize page, with the user clicking "Authorize" at once: back to the app.
      if (url.pathname === "/oauth/authorize") {
        const back = new URL(url.searchParams.get("redirect_uri")!);
        back.searchParams.set("code", oauth.approve());
        back.searchParams.set("state", url.searchParams.get("state")!);
        back.searchParams.set("scope", url.searchParams.get("scope") ?? "");
        return Response.redirect(back.href, 302);
      }
      const failure = failures.shift();
      if (failure)
        return Response.json(failure.body ?? { message: "Error" }, {
          status: failure.status,
          headers: failure.headers,
        });
      if (!oauth.isValid(bearerOf(request)))
        return Response.json(
          {
            message: "Authorization Error",
            errors: [{ resource: "Athlete", field: "access_token", code: "invalid" }],
          },
          { status: 401 },
        );
      if (url.pathname === "/oauth/deauthorize") {
        oauth.revoke(bearerOf(request)!);
        return Response.json({ access_token: bearerOf(request) });
      }
      if (url.pathname === "/api/v3/athlete") return Response.json(athlete);
      if (url.pathname === "/api/v3/athlete/activities") return list(url.searchParams);
      const match = url.pathname.match(/^\/api\/v3\/activities\/(\d+)(\/streams)?$/);
      const activity = activities.find((a) => a.id === Number(match?.[1]));
      if (!match || !activity)
        return Response.json(
          { message: "Record Not Found", errors: [{ resource: "Activity", code: "not found" }] },
          { status: 404 },
        );
      return match[2] ? streams(activity) : Response.json(detail(activity));
    },
  });

  function token(form: FormData) {
    if (
      form.get("client_id") !== oauth.clientId ||
      form.get("client_secret") !== oauth.clientSecret
    )
      return Response.json(
        {
          message: "Bad Request",
          errors: [{ resource: "Application", field: "client_id", code: "invalid" }],
        },
        { status: 400 },
      );
    const grant = form.get("grant_type");
    const tokens =
      grant === "authorization_code"
        ? oauth.exchange(String(form.get("code")))
        : grant === "refresh_token"
          ? oauth.refresh(String(form.get("refresh_token")))
          : null;
    if (!tokens)
      return Response.json(
        {
          message: "Bad Request",
          errors: [{ resource: "RefreshToken", field: "code", code: "invalid" }],
        },
        { status: 400 },
      );
    return Response.json({
      token_type: "Bearer",
      expires_at: Math.floor(Date.now() / 1000) + tokens.expiresIn,
      expires_in: tokens.expiresIn,
      refresh_token: tokens.refresh,
      access_token: tokens.access,
      ...(grant === "authorization_code"
        ? { athlete: { id: athlete.id, username: athlete.username } }
        : {}),
    });
  }

  function list(query: URLSearchParams) {
    const after = Number(query.get("after") ?? 0);
    const before = Number(query.get("before") ?? Number.MAX_SAFE_INTEGER);
    const page = Number(query.get("page") ?? 1);
    const perPage = Number(query.get("per_page") ?? 30);
    const inRange = activities
      .filter((a) => {
        const start = Date.parse(a.start_date) / 1000;
        return start > after && start < before;
      })
      .sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date));
    const pageItems = inRange.slice((page - 1) * perPage, page * perPage);
    return Response.json(pageItems.map(summary));
  }

  const summary = (a: FakeStravaActivity) => ({
    resource_state: 2,
    athlete: { id: athlete.id, resource_state: 1 },
    id: a.id,
    name: a.name,
    distance: a.distance,
    moving_time: a.elapsed_time,
    elapsed_time: a.elapsed_time,
    total_elevation_gain: 0,
    type: a.sport_type,
    sport_type: a.sport_type,
    start_date: a.start_date,
    start_date_local: a.start_date,
    timezone: a.timezone ?? "(GMT+01:00) Europe/Berlin",
    manual: !a.points,
    has_heartrate: Boolean(a.points),
  });

  function detail(a: FakeStravaActivity) {
    let offset = 0;
    const laps = (a.laps ?? []).map((seconds, i) => {
      const start = new Date(Date.parse(a.start_date) + offset * 1000).toISOString();
      offset += seconds;
      return {
        id: a.id * 100 + i,
        resource_state: 2,
        name: `Lap ${i + 1}`,
        elapsed_time: seconds,
        moving_time: seconds,
        start_date: start,
        start_date_local: start,
        lap_index: i + 1,
      };
    });
    return { ...summary(a), resource_state: 3, calories: a.calories ?? 0, description: null, laps };
  }

  function streams(a: FakeStravaActivity) {
    if (!a.points)
      return Response.json({ message: "Record Not Found", errors: [] }, { status: 404 });
    const data = <T>(values: T[]) => ({
      data: values,
      series_type: "time",
      original_size: values.length,
      resolution: "high",
    });
    return Response.json({
      time: data(a.points.map((_, i) => i)),
      latlng: data(a.points.map((p) => [p[0], p[1]])),
      heartrate: data(a.points.map((p) => p[2])),
      distance: data(a.points.map((_, i) => i * 3)),
    });
  }

  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    oauth,
    athlete,
    activities,
    requests,
    /** The next API requests (not token requests) answer with these, in order. */
    fail: (...next: FakeFailure[]) => failures.push(...next),
    /** Strava's own 429: no Retry-After, X-RateLimit headers. */
    rateLimited: (): FakeFailure => ({
      status: 429,
      headers: { "X-RateLimit-Limit": "100,1000", "X-RateLimit-Usage": "101,350" },
      body: {
        message: "Rate Limit Exceeded",
        errors: [{ resource: "Application", field: "rate limit", code: "exceeded" }],
      },
    }),
    stop: () => server.stop(true),
  };
}

export type FakeStrava = ReturnType<typeof startFakeStrava>;
