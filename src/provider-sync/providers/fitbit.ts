import type { HealthRecord } from "../../lib/ingest-types.ts";
import { activityName } from "../activity-names.ts";
import { dayRanges, localToInstant } from "../date-ranges.ts";
import { buildAuthorizeUrl, requestTokens } from "../oauth.ts";
import type { ProviderHttp } from "../provider-http.ts";
import type { ProviderClient, SyncWindow } from "../provider-types.ts";
import { dailyRecords } from "./fitbit-daily.ts";

// https://dev.fitbit.com/build/reference/web-api/
const WEB = "https://www.fitbit.com";
const API = "https://api.fitbit.com";
// The spec's session range split: 30 days per query (also Fitbit's cap for several series).
const RANGE_DAYS = 30;
const SCOPES =
  "activity heartrate sleep weight oxygen_saturation respiratory_rate temperature nutrition profile";

type Profile = { user: { timezone?: string; offsetFromUTCMillis?: number } };
type SleepLog = {
  logId: number;
  dateOfSleep: string;
  startTime: string;
  endTime: string;
  levels?: { data?: { dateTime: string; level: string; seconds: number }[] };
};
type ActivityLog = {
  logId: number;
  activityName: string;
  startTime: string;
  duration: number;
  calories?: number;
  distance?: number;
  distanceUnit?: string;
};

const STAGES: Record<string, string> = {
  wake: "awake",
  awake: "awake",
  light: "light",
  deep: "deep",
  rem: "rem",
  restless: "light",
  asleep: "light",
};

export const fitbit: ProviderClient = {
  id: "fitbit",
  displayName: "Fitbit",
  auth: "oauth2",
  pacingSeconds: 3600,
  // Fitbit's 150-calls-an-hour window: the header says when it resets.
  rateLimitWait: (headers) => Number(headers.get("fitbit-rate-limit-reset")) || 3600,
  authorizeUrl: (http, client, redirectUri, state) =>
    buildAuthorizeUrl(http, `${WEB}/oauth2/authorize`, client, redirectUri, state, {
      scope: SCOPES,
    }),
  exchangeCode: (http, client, code, redirectUri) =>
    requestTokens(
      http,
      `${API}/oauth2/token`,
      client,
      {
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        client_id: client.clientId,
      },
      "client_secret_basic",
    ),
  refresh: (http, client, refreshToken) =>
    requestTokens(
      http,
      `${API}/oauth2/token`,
      client,
      { grant_type: "refresh_token", refresh_token: refreshToken },
      "client_secret_basic",
    ),
  async revoke(http, client, accessToken) {
    if (!client) return;
    await http.send("POST", `${API}/oauth2/revoke`, {
      form: { token: accessToken },
      basic: { user: client.clientId, password: client.clientSecret },
    });
  },
  async fetchRecords(http, window) {
    const profile = (await http.getJson(`${API}/1/user/-/profile.json`)) as Profile;
    const zone = {
      name: profile.user.timezone,
      offset: (profile.user.offsetFromUTCMillis ?? 0) / 60_000,
    };
    const records: HealthRecord[] = [];
    for (const range of dayRanges(window.start, window.end, RANGE_DAYS)) {
      records.push(...(await dailyRecords(http, range)));
      records.push(...(await sleepRecords(http, range, zone)));
    }
    records.push(...(await activityRecords(http, window, zone)));
    return { records, cursor: {} };
  },
};

type Zone = { name: string | undefined; offset: number };

async function sleepRecords(http: ProviderHttp, range: { from: string; to: string }, zone: Zone) {
  const body = (await http.getJson(
    `${API}/1.2/user/-/sleep/date/${range.from}/${range.to}.json`,
  )) as { sleep: SleepLog[] };
  return body.sleep.map((log) => ({
    type: "SleepSession",
    source: "fitbit",
    source_id: String(log.logId),
    date: log.dateOfSleep,
    bedtime: localToInstant(log.startTime, zone.offset),
    wake_time: localToInstant(log.endTime, zone.offset),
    record_timezone: zone.name,
    stage_events: (log.levels?.data ?? []).map((d) => {
      const start = localToInstant(d.dateTime, zone.offset);
      return {
        stage: STAGES[d.level] ?? "unknown",
        start_time: start,
        end_time: new Date(Date.parse(start) + d.seconds * 1000).toISOString(),
      };
    }),
  }));
}

/** Logged activities after the window's start, oldest first, following Fitbit's `next` links. */
async function activityRecords(http: ProviderHttp, window: SyncWindow, zone: Zone) {
  const records: HealthRecord[] = [];
  let offset = 0;
  for (;;) {
    const body = (await http.getJson(`${API}/1/user/-/activities/list.json`, {
      afterDate: window.start.toISOString().slice(0, 10),
      sort: "asc",
      offset,
      limit: 100,
    })) as { activities: ActivityLog[]; pagination?: { next?: string } };
    for (const a of body.activities) {
      const start = Date.parse(a.startTime);
      if (start > window.end.getTime()) return records;
      const km =
        a.distance === undefined
          ? null
          : a.distanceUnit === "Mile"
            ? a.distance * 1.609344
            : a.distance;
      records.push({
        type: "ExerciseSession",
        source: "fitbit",
        source_id: String(a.logId),
        activityType: activityName(a.activityName),
        title: a.activityName,
        startTime: new Date(start).toISOString(),
        endTime: new Date(start + a.duration).toISOString(),
        duration: Math.round(a.duration / 1000),
        caloriesBurned: a.calories ?? null,
        distance: km,
        record_timezone: zone.name,
      });
    }
    if (!body.pagination?.next || body.activities.length === 0) return records;
    offset += body.activities.length;
  }
}
