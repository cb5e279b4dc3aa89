import { createFakeOAuth } from "./oauth-state.ts";

/**
 * A local Withings API (https://developer.withings.com/api-reference/): POST /v2/oauth2
 * (requesttoken), /measure (getmeas with startdate/enddate or lastupdate), /v2/sleep
 * (getsummary), /v2/measure (getactivity, getworkouts). Every answer is HTTP 200 with
 * {status, body}; status 401 for a bad token, 601 when rate limited, as Withings does.
 * Pages hold two items so `more`/`offset` paging is exercised.
 */
export type FakeMeasureGroup = {
  grpid: number;
  date: number;
  modified: number;
  measures: { value: number; type: number; unit: number }[];
};

const PAGE = 2;

export function startFakeWithings() {
  const oauth = createFakeOAuth("withings-client", "withings-secret");
  const groups: FakeMeasureGroup[] = [];
  const sleeps: { id: number; startdate: number; enddate: number; modified: number }[] = [];
  const activities: { date: string; steps: number; calories: number }[] = [];
  const workouts: { id: number; category: number; startdate: number; enddate: number }[] = [];
  const nextStatus: number[] = [];
  const ok = (body: unknown) => Response.json({ status: 0, body });

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const form = Object.fromEntries((await request.formData()).entries()) as Record<
        string,
        string
      >;
      if (url.pathname === "/v2/oauth2") return token(form);
      const status = nextStatus.shift();
      if (status !== undefined) return Response.json({ status, error: "scripted failure" });
      const auth = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? null;
      if (!oauth.isValid(auth))
        return Response.json({ status: 401, error: "Invalid Params: invalid access_token" });
      const offset = Number(form.offset ?? 0);
      const page = <T>(items: T[], key: string, extra: object = {}) =>
        ok({
          [key]: items.slice(offset, offset + PAGE),
          more: offset + PAGE < items.length ? 1 : 0,
          offset: offset + PAGE,
          ...extra,
        });
      if (url.pathname === "/measure" && form.action === "getmeas") {
        const selected = form.lastupdate
          ? groups.filter((g) => g.modified > Number(form.lastupdate))
          : groups.filter(
              (g) => g.date >= Number(form.startdate) && g.date <= Number(form.enddate),
            );
        return page(
          selected.map((g) => ({
            ...g,
            attrib: 0,
            created: g.date,
            category: 1,
            deviceid: null,
            comment: null,
          })),
          "measuregrps",
          { updatetime: Math.floor(Date.now() / 1000), timezone: "Europe/Paris" },
        );
      }
      const inDays = (seconds: number) => {
        const day = new Date(seconds * 1000).toISOString().slice(0, 10);
        return day >= form.startdateymd! && day <= form.enddateymd!;
      };
      if (url.pathname === "/v2/sleep" && form.action === "getsummary")
        return page(
          sleeps
            .filter((s) => inDays(s.startdate))
            .map((s) => ({ ...s, timezone: "Europe/Paris", model: 32, data: {} })),
          "series",
        );
      if (url.pathname === "/v2/measure" && form.action === "getactivity")
        return page(
          activities
            .filter((a) => a.date >= form.startdateymd! && a.date <= form.enddateymd!)
            .map((a) => ({ ...a, timezone: "Europe/Paris" })),
          "activities",
        );
      if (url.pathname === "/v2/measure" && form.action === "getworkouts")
        return page(
          workouts
            .filter((w) => inDays(w.startdate))
            .map((w) => ({
              ...w,
              timezone: "Europe/Paris",
              data: { calories: 250, distance: 3000 },
            })),
          "series",
        );
      return Response.json({ status: 2554, error: "Unknown action" });
    },
  });

  function token(form: Record<string, string>) {
    if (
      form.action !== "requesttoken" ||
      form.client_id !== oauth.clientId ||
      form.client_secret !== oauth.clientSecret
    )
      return Response.json({ status: 503, error: "Invalid Params" });
    const tokens =
      form.grant_type === "authorization_code"
        ? oauth.exchange(form.code!)
        : oauth.refresh(form.refresh_token!);
    if (!tokens) return Response.json({ status: 503, error: "Invalid Params: invalid code" });
    return ok({
      userid: "363",
      access_token: tokens.access,
      refresh_token: tokens.refresh,
      expires_in: tokens.expiresIn,
      scope: "user.info,user.metrics,user.activity",
      token_type: "Bearer",
    });
  }

  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    oauth,
    groups,
    sleeps,
    activities,
    workouts,
    /** The next data calls answer with these Withings statuses (601: too many requests). */
    failWith: (...statuses: number[]) => nextStatus.push(...statuses),
    stop: () => server.stop(true),
  };
}
