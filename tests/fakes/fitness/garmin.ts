import { createHash } from "node:crypto";
import { bearerOf, createFakeOAuth, type FakeFailure } from "./oauth-state.ts";

/**
 * A local Garmin Connect Developer Program API: the OAuth 2.0 PKCE token endpoint
 * (/di-oauth2-service/oauth/token, client_secret in the form, code_verifier checked against
 * the code_challenge the user approved), /wellness-api/rest/user/id, DELETE
 * .../user/registration, the pull endpoints (dailies, activities, activityDetails, sleeps,
 * bodyComps) by upload time with Garmin's 400 when a range exceeds 86400 seconds, and the
 * backfill endpoints (202; 409 for a range asked already) that re-upload summaries now.
 */
export const GARMIN_SUMMARY_TYPES = [
  "dailies",
  "activities",
  "activityDetails",
  "sleeps",
  "bodyComps",
] as const;
export type GarminSummaryType = (typeof GARMIN_SUMMARY_TYPES)[number];
type Stored = { summary: Record<string, unknown>; uploadedAt: number; summaryTime: number };

const DAY_S = 86_400;
const now = () => Math.floor(Date.now() / 1000);

export function startFakeGarmin() {
  const oauth = createFakeOAuth("garmin-client", "garmin-secret");
  // The account that approves next (each test user may be a Garmin user of its own).
  let userId = "garmin-user-1";
  const challenges = new Map<string, string>();
  const stored: Record<GarminSummaryType, Stored[]> = {
    dailies: [],
    activities: [],
    activityDetails: [],
    sleeps: [],
    bodyComps: [],
  };
  const backfills = new Set<string>();
  const failures: FakeFailure[] = [];
  const requests: string[] = [];
  let registered = false;

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      if (url.pathname === "/di-oauth2-service/oauth/token") return token(await request.formData());
      const failure = failures.shift();
      if (failure)
        return Response.json(failure.body ?? { errorMessage: "Error" }, {
          status: failure.status,
          headers: failure.headers,
        });
      if (!oauth.isValid(bearerOf(request)))
        return Response.json({ errorMessage: "Unauthorized" }, { status: 401 });
      const path = url.pathname.replace(/^\/wellness-api\/rest\//, "");
      if (path === "user/id") return Response.json({ userId });
      if (path === "user/registration" && request.method === "DELETE") {
        registered = false;
        return new Response(null, { status: 204 });
      }
      const backfill = path.match(/^backfill\/(\w+)$/);
      if (backfill) return requestBackfill(backfill[1] as GarminSummaryType, url.searchParams);
      if ((GARMIN_SUMMARY_TYPES as readonly string[]).includes(path))
        return pull(path as GarminSummaryType, url.searchParams);
      return Response.json({ errorMessage: "Not found" }, { status: 404 });
    },
  });

  function token(form: FormData) {
    if (
      form.get("client_id") !== oauth.clientId ||
      form.get("client_secret") !== oauth.clientSecret
    )
      return Response.json({ error: "invalid_client" }, { status: 401 });
    let tokens;
    if (form.get("grant_type") === "authorization_code") {
      const code = String(form.get("code"));
      const verifier = String(form.get("code_verifier") ?? "");
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (challenges.get(code) !== challenge)
        return Response.json(
          { error: "invalid_grant", error_description: "PKCE verification failed" },
          { status: 400 },
        );
      tokens = oauth.exchange(code);
      if (tokens) registered = true;
    } else tokens = oauth.refresh(String(form.get("refresh_token")));
    if (!tokens) return Response.json({ error: "invalid_grant" }, { status: 400 });
    return Response.json({
      access_token: tokens.access,
      expires_in: tokens.expiresIn,
      token_type: "bearer",
      refresh_token: tokens.refresh,
      scope: "ACTIVITY_EXPORT HEALTH_EXPORT",
      jti: crypto.randomUUID(),
      refresh_token_expires_in: 7_775_999,
    });
  }

  function range(params: URLSearchParams, prefix: "upload" | "summary", maxSeconds: number) {
    const start = Number(params.get(`${prefix}StartTimeInSeconds`));
    const end = Number(params.get(`${prefix}EndTimeInSeconds`));
    if (!params.has(`${prefix}StartTimeInSeconds`) || !params.has(`${prefix}EndTimeInSeconds`))
      return `${prefix}StartTimeInSeconds and ${prefix}EndTimeInSeconds are required`;
    if (!(end > start)) return "The end time must be after the start time";
    if (end - start > maxSeconds) return `timeRange exceeds ${maxSeconds} seconds`;
    return { start, end };
  }

  function pull(type: GarminSummaryType, params: URLSearchParams) {
    const r = range(params, "upload", DAY_S);
    if (typeof r === "string") return Response.json({ errorMessage: r }, { status: 400 });
    return Response.json(
      stored[type]
        .filter((s) => s.uploadedAt >= r.start && s.uploadedAt < r.end)
        .map((s) => s.summary),
    );
  }

  function requestBackfill(type: GarminSummaryType, params: URLSearchParams) {
    const r = range(params, "summary", 90 * DAY_S);
    if (typeof r === "string") return Response.json({ errorMessage: r }, { status: 400 });
    const key = `${type}:${r.start}:${r.end}`;
    if (backfills.has(key))
      return Response.json({ errorMessage: "Duplicate backfill" }, { status: 409 });
    backfills.add(key);
    for (const s of stored[type])
      if (s.summaryTime >= r.start && s.summaryTime < r.end) s.uploadedAt = now();
    return new Response(null, { status: 202 });
  }

  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    oauth,
    get userId() {
      return userId;
    },
    set userId(id: string) {
      userId = id;
    },
    failures,
    requests,
    get registered() {
      return registered;
    },
    /** The user approves on Garmin's page, which received this code_challenge. */
    approve(codeChallenge: string) {
      const code = oauth.approve();
      challenges.set(code, codeChallenge);
      return code;
    },
    /**
     * Stores a summary as uploaded at `uploadedAt` (seconds; a time before the user
     * connected is only reachable through a backfill). A summary with the same summaryId
     * replaces the earlier one, as Garmin's corrections do.
     */
    upload(
      type: GarminSummaryType,
      summary: Record<string, unknown>,
      summaryTime: number,
      uploadedAt = now(),
    ) {
      const list = stored[type];
      const i = list.findIndex((s) => s.summary.summaryId === summary.summaryId);
      const item = { summary: { userId, ...summary }, uploadedAt, summaryTime };
      if (i >= 0) list[i] = item;
      else list.push(item);
    },
    /** The body Garmin POSTs in ping mode after new uploads of these types. */
    ping(types: GarminSummaryType[], start = now() - 60, end = now()) {
      return Object.fromEntries(
        types.map((type) => [
          type,
          [
            {
              userId,
              callbackURL: `https://apis.garmin.com/wellness-api/rest/${type}?uploadStartTimeInSeconds=${start}&uploadEndTimeInSeconds=${end}&token=pull-token`,
            },
          ],
        ]),
      );
    },
    stop: () => server.stop(true),
  };
}
export type FakeGarmin = ReturnType<typeof startFakeGarmin>;
