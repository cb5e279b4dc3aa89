import { bearerOf, createFakeOAuth, type FakeFailure } from "./oauth-state.ts";

/**
 * A local Google OAuth + Fit REST API (https://developers.google.com/fit/rest/v1/reference):
 * /token, /revoke, POST /fitness/v1/users/me/dataset:aggregate (daily buckets) and GET
 * /fitness/v1/users/me/sessions (startTime/endTime, refusing ranges over 30 days here to
 * hold the client to the spec's split, nextPageToken pages of two). Errors use Google's
 * {error: {code, message, status}} body.
 */
export function startFakeGoogleFit() {
  const oauth = createFakeOAuth("google-client", "google-secret");
  const daily: Record<string, Record<string, number>> = {};
  const sessions: {
    id: string;
    name: string;
    startTimeMillis: string;
    endTimeMillis: string;
    activityType: number;
  }[] = [];
  const failures: FakeFailure[] = [];
  const requests: string[] = [];
  const googleError = (code: number, status: string, message: string) =>
    Response.json({ error: { code, message, status } }, { status: code });
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}`);
      if (url.pathname === "/token") {
        const form = await request.formData();
        if (form.get("client_secret") !== oauth.clientSecret)
          return Response.json({ error: "invalid_client" }, { status: 401 });
        const tokens =
          form.get("grant_type") === "authorization_code"
            ? oauth.exchange(String(form.get("code")))
            : oauth.refresh(String(form.get("refresh_token")));
        if (!tokens)
          return Response.json(
            { error: "invalid_grant", error_description: "Bad Request" },
            { status: 400 },
          );
        // Google sends a refresh token only on the first exchange.
        return Response.json({
          access_token: tokens.access,
          expires_in: 3599,
          token_type: "Bearer",
          scope: "fitness",
          ...(form.get("grant_type") === "authorization_code"
            ? { refresh_token: tokens.refresh }
            : {}),
        });
      }
      if (url.pathname === "/revoke") return new Response(null, { status: 200 });
      const failure = failures.shift();
      if (failure)
        return Response.json(failure.body ?? {}, {
          status: failure.status,
          headers: failure.headers,
        });
      if (!oauth.isValid(bearerOf(request)))
        return googleError(
          401,
          "UNAUTHENTICATED",
          "Request had invalid authentication credentials.",
        );
      if (url.pathname === "/fitness/v1/users/me/dataset:aggregate") {
        const body = (await request.json()) as {
          aggregateBy: { dataTypeName: string }[];
          startTimeMillis: number;
          endTimeMillis: number;
        };
        const type = body.aggregateBy[0]!.dataTypeName;
        const bucket = [];
        for (let t = body.startTimeMillis; t < body.endTimeMillis; t += 86_400_000) {
          const value = daily[new Date(t).toISOString().slice(0, 10)]?.[type];
          const point =
            value === undefined
              ? []
              : [
                  {
                    dataTypeName: type,
                    startTimeNanos: String(t * 1e6),
                    endTimeNanos: String((t + 86_400_000) * 1e6),
                    value: [type.includes("step") ? { intVal: value } : { fpVal: value }],
                  },
                ];
          bucket.push({
            startTimeMillis: String(t),
            endTimeMillis: String(t + 86_400_000),
            dataset: [{ dataSourceId: `derived:${type}:merged`, point }],
          });
        }
        return Response.json({ bucket });
      }
      if (url.pathname === "/fitness/v1/users/me/sessions") {
        const from = Date.parse(url.searchParams.get("startTime")!);
        const to = Date.parse(url.searchParams.get("endTime")!);
        if (to - from > 30 * 86_400_000)
          return googleError(400, "INVALID_ARGUMENT", "Range too long.");
        const matching = sessions.filter(
          (s) => Number(s.startTimeMillis) >= from && Number(s.startTimeMillis) < to,
        );
        const offset = Number(url.searchParams.get("pageToken") ?? 0);
        return Response.json({
          session: matching.slice(offset, offset + 2).map((s) => ({
            ...s,
            modifiedTimeMillis: s.endTimeMillis,
            application: { packageName: "com.example" },
          })),
          deletedSession: [],
          nextPageToken: offset + 2 < matching.length ? String(offset + 2) : undefined,
        });
      }
      return googleError(404, "NOT_FOUND", "Not found");
    },
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    oauth,
    daily,
    sessions,
    requests,
    fail: (...f: FakeFailure[]) => failures.push(...f),
    stop: () => server.stop(true),
  };
}
