import type { HealthRecord } from "../../lib/ingest-types.ts";
import { buildAuthorizeUrl, readTokenResponse } from "../oauth.ts";
import type { ProviderHttp } from "../provider-http.ts";
import type { ProviderClient, SyncCursor, SyncWindow } from "../provider-types.ts";
import { withingsWorkout } from "./withings-workouts.ts";
import { callWithings, type Paged } from "./withings-call.ts";

// https://developer.withings.com/api-reference/ : every call is a POST with an `action`,
// answering HTTP 200 with {status, body}; OAuth tokens come from the same API host.
const ACCOUNT = "https://account.withings.com";
const API = "https://wbsapi.withings.net";

// getmeas types: https://developer.withings.com/api-reference/#tag/measure
const MEASURE_TYPES: Record<number, string> = {
  1: "weight",
  6: "body_fat",
  8: "fat_mass",
  9: "blood_pressure_diastolic",
  10: "blood_pressure_systolic",
  11: "heart_rate",
  54: "oxygen_saturation",
  71: "body_temperature",
  76: "muscle_mass",
  77: "hydration",
  88: "bone_mass",
};

type MeasureGroup = {
  grpid: number;
  date: number;
  measures: { value: number; type: number; unit: number }[];
};
type SleepSummary = { id: number; startdate: number; enddate: number; timezone?: string };
type Activity = { date: string; timezone?: string; steps?: number; calories?: number };

export const withings: ProviderClient = {
  id: "withings",
  displayName: "Withings",
  auth: "oauth2",
  pacingSeconds: 60,
  authorizeUrl: (http, client, redirectUri, state) =>
    buildAuthorizeUrl(http, `${ACCOUNT}/oauth2_user/authorize2`, client, redirectUri, state, {
      scope: "user.info,user.metrics,user.activity",
    }),
  exchangeCode: (http, client, code, redirectUri) =>
    tokens(http, {
      grant_type: "authorization_code",
      client_id: client.clientId,
      client_secret: client.clientSecret,
      code,
      redirect_uri: redirectUri,
    }),
  refresh: (http, client, refreshToken) =>
    tokens(http, {
      grant_type: "refresh_token",
      client_id: client.clientId,
      client_secret: client.clientSecret,
      refresh_token: refreshToken,
    }),
  async fetchRecords(http, window) {
    const { records: measures, updatetime } = await measureRecords(http, window);
    const records = [
      ...measures,
      ...(await sleepRecords(http, window)),
      ...(await activityRecords(http, window)),
      ...(await workoutRecords(http, window)),
    ];
    return {
      records,
      cursor: updatetime ? { measure_lastupdate: updatetime } : ({} as SyncCursor),
    };
  },
};

async function tokens(http: ProviderHttp, form: Record<string, string>) {
  const body = await callWithings(http, `${API}/v2/oauth2`, { action: "requesttoken", ...form });
  return readTokenResponse(body);
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Measures changed since the last sync (`lastupdate` also returns corrections to old
 * ones); by date range on a first sync or an explicit range.
 */
async function measureRecords(http: ProviderHttp, window: SyncWindow) {
  const since = window.cursor.measure_lastupdate;
  const range: Record<string, number> =
    typeof since === "number"
      ? { lastupdate: since }
      : { startdate: seconds(window.start), enddate: seconds(window.end) };
  const records: HealthRecord[] = [];
  let updatetime: number | undefined;
  await pages<MeasureGroup>(
    http,
    `${API}/measure`,
    { action: "getmeas", meastypes: Object.keys(MEASURE_TYPES).join(","), category: 1, ...range },
    "measuregrps",
    (body) => {
      updatetime = (body.updatetime as number | undefined) ?? updatetime;
    },
    (group) => {
      for (const m of group.measures) {
        const type = MEASURE_TYPES[m.type];
        if (!type) continue;
        records.push({
          type,
          value: m.value * 10 ** m.unit,
          timestamp: new Date(group.date * 1000).toISOString(),
          source: "withings",
          source_id: `${group.grpid}:${m.type}`,
        });
      }
    },
  );
  return { records, updatetime };
}

async function sleepRecords(http: ProviderHttp, window: SyncWindow) {
  const records: HealthRecord[] = [];
  await pages<SleepSummary>(
    http,
    `${API}/v2/sleep`,
    { action: "getsummary", startdateymd: ymd(window.start), enddateymd: ymd(window.end) },
    "series",
    () => {},
    (night) => {
      records.push({
        type: "SleepSession",
        bedtime: new Date(night.startdate * 1000).toISOString(),
        wake_time: new Date(night.enddate * 1000).toISOString(),
        record_timezone: night.timezone,
        source: "withings",
        source_id: String(night.id),
      });
    },
  );
  return records;
}

async function activityRecords(http: ProviderHttp, window: SyncWindow) {
  const records: HealthRecord[] = [];
  await pages<Activity>(
    http,
    `${API}/v2/measure`,
    {
      action: "getactivity",
      startdateymd: ymd(window.start),
      enddateymd: ymd(window.end),
      data_fields: "steps,calories",
    },
    "activities",
    () => {},
    (day) => {
      if (day.steps !== undefined)
        records.push({ type: "step", value: day.steps, date: day.date, source: "withings" });
      if (day.calories !== undefined)
        records.push({
          type: "Active Calories",
          value: day.calories,
          date: day.date,
          source: "withings",
        });
    },
  );
  return records;
}

async function workoutRecords(http: ProviderHttp, window: SyncWindow) {
  const records: HealthRecord[] = [];
  await pages(
    http,
    `${API}/v2/measure`,
    { action: "getworkouts", startdateymd: ymd(window.start), enddateymd: ymd(window.end) },
    "series",
    () => {},
    (w) => records.push(withingsWorkout(w as never)),
  );
  return records;
}

/** Follows Withings' `more`/`offset` paging, handing each page's items to `each`. */
async function pages<T>(
  http: ProviderHttp,
  url: string,
  form: Record<string, string | number>,
  key: string,
  onBody: (body: Paged) => void,
  each: (item: T) => void,
) {
  for (let offset: number | undefined = undefined; ;) {
    const body = await callWithings(http, url, { ...form, offset });
    onBody(body);
    for (const item of (body[key] ?? []) as T[]) each(item);
    if (!body.more || typeof body.offset !== "number") return;
    offset = body.offset;
  }
}
