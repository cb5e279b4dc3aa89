import type { HealthRecord } from "../../lib/ingest-types.ts";
import { activityName } from "../activity-names.ts";
import { dayRanges } from "../date-ranges.ts";
import { buildAuthorizeUrl, requestTokens } from "../oauth.ts";
import type { ProviderHttp } from "../provider-http.ts";
import type { ProviderClient } from "../provider-types.ts";

// https://cloud.ouraring.com/v2/docs
const WEB = "https://cloud.ouraring.com";
const API = "https://api.ouraring.com";
// Oura's heart rate refuses ranges over 30 days; every collection is read in 29-day ranges.
const RANGE_DAYS = 29;

type Page<T> = { data: T[]; next_token: string | null };
type Sleep = {
  id: string;
  day: string;
  bedtime_start: string;
  bedtime_end: string;
  average_hrv?: number | null;
  lowest_heart_rate?: number | null;
};
type DailyActivity = { id: string; day: string; steps?: number; active_calories?: number };
type Readiness = {
  id: string;
  day: string;
  score?: number | null;
  temperature_deviation?: number | null;
};
type HeartRate = { bpm: number; source: string; timestamp: string };
type Workout = {
  id: string;
  activity: string;
  calories?: number | null;
  distance?: number | null;
  start_datetime: string;
  end_datetime: string;
  label?: string | null;
};

export const oura: ProviderClient = {
  id: "oura",
  displayName: "Oura",
  auth: "oauth2",
  pacingSeconds: 300,
  authorizeUrl: (http, client, redirectUri, state) =>
    buildAuthorizeUrl(http, `${WEB}/oauth/authorize`, client, redirectUri, state, {
      scope: "daily heartrate workout personal",
    }),
  exchangeCode: (http, client, code, redirectUri) =>
    requestTokens(
      http,
      `${API}/oauth/token`,
      client,
      { grant_type: "authorization_code", code, redirect_uri: redirectUri },
      "client_secret_post",
    ),
  refresh: (http, client, refreshToken) =>
    requestTokens(
      http,
      `${API}/oauth/token`,
      client,
      { grant_type: "refresh_token", refresh_token: refreshToken },
      "client_secret_post",
    ),
  async revoke(http, _client, accessToken) {
    await http.send("GET", `${API}/oauth/revoke`, {
      query: { access_token: accessToken },
      bearer: false,
    });
  },
  async fetchRecords(http, window) {
    const records: HealthRecord[] = [];
    for (const { from, to } of dayRanges(window.start, window.end, RANGE_DAYS)) {
      const days = { start_date: from, end_date: to };
      for (const s of await collect<Sleep>(http, "sleep", days)) records.push(...sleepRecords(s));
      for (const a of await collect<DailyActivity>(http, "daily_activity", days)) {
        if (a.steps !== undefined) records.push(daily("step", a.steps, a.day));
        if (a.active_calories !== undefined)
          records.push(daily("Active Calories", a.active_calories, a.day));
      }
      for (const r of await collect<Readiness>(http, "daily_readiness", days)) {
        if (r.score != null) records.push(daily("readiness_score", r.score, r.day));
        if (r.temperature_deviation != null)
          records.push(daily("temperature_deviation", r.temperature_deviation, r.day));
      }
      for (const w of await collect<Workout>(http, "workout", days)) records.push(workoutRecord(w));
      const instants = { start_datetime: `${from}T00:00:00Z`, end_datetime: `${to}T23:59:59Z` };
      for (const h of await collect<HeartRate>(http, "heartrate", instants))
        records.push({
          type: "heart_rate",
          value: h.bpm,
          timestamp: h.timestamp,
          source: "oura",
          source_id: `hr:${h.timestamp}`,
        });
    }
    return { records, cursor: {} };
  },
};

/** Every page of a usercollection endpoint, following next_token. */
async function collect<T>(http: ProviderHttp, name: string, query: Record<string, string>) {
  const items: T[] = [];
  let next: string | undefined;
  do {
    const page = (await http.getJson(`${API}/v2/usercollection/${name}`, {
      ...query,
      next_token: next,
    })) as Page<T>;
    items.push(...page.data);
    next = page.next_token ?? undefined;
  } while (next);
  return items;
}

// Daily values are keyed by type and day: Oura recomputes a day's figures as it goes.
const daily = (type: string, value: number, day: string): HealthRecord => ({
  type,
  value,
  date: day,
  source: "oura",
  source_id: `${type}:${day}`,
});

function sleepRecords(s: Sleep): HealthRecord[] {
  const records: HealthRecord[] = [
    {
      type: "SleepSession",
      bedtime: s.bedtime_start,
      wake_time: s.bedtime_end,
      date: s.day,
      source: "oura",
      source_id: s.id,
    },
  ];
  if (s.average_hrv != null)
    records.push({
      type: "HRV",
      value: s.average_hrv,
      date: s.day,
      source: "oura",
      source_id: `hrv:${s.id}`,
    });
  if (s.lowest_heart_rate != null)
    records.push({
      type: "resting_hr",
      value: s.lowest_heart_rate,
      date: s.day,
      source: "oura",
      source_id: `rhr:${s.id}`,
    });
  return records;
}

function workoutRecord(w: Workout): HealthRecord {
  return {
    type: "ExerciseSession",
    source: "oura",
    source_id: w.id,
    activityType: activityName(w.activity),
    title: w.label ?? null,
    startTime: w.start_datetime,
    endTime: w.end_datetime,
    caloriesBurned: w.calories ?? null,
    distance: w.distance == null ? null : w.distance / 1000,
  };
}
