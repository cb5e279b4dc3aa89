import type { HealthRecord } from "../../lib/ingest-types.ts";
import { dayRanges } from "../date-ranges.ts";
import { buildAuthorizeUrl, requestTokens } from "../oauth.ts";
import type { ProviderHttp } from "../provider-http.ts";
import type { ProviderClient } from "../provider-types.ts";
import { googleActivityName, SLEEP_ACTIVITY_TYPES } from "./google-activity-types.ts";

// Google Fit REST API (https://developers.google.com/fit/rest/v1/reference), with Google's
// OAuth endpoints; `access_type=offline` and `prompt=consent` so a refresh token is issued.
const ACCOUNTS = "https://accounts.google.com";
const OAUTH = "https://oauth2.googleapis.com";
const FIT = "https://www.googleapis.com/fitness/v1/users/me";
const DAY_MS = 86_400_000;
// The spec's session range split: 30 days per query.
const RANGE_DAYS = 30;
const SCOPES = [
  "activity.read",
  "body.read",
  "heart_rate.read",
  "sleep.read",
  "oxygen_saturation.read",
  "nutrition.read",
].map((s) => `https://www.googleapis.com/auth/fitness.${s}`);

// Daily aggregates: the data type, our record type, and how a bucket's point gives a value.
const AGGREGATES: { dataType: string; type: string; value: (v: Value[]) => number | undefined }[] =
  [
    { dataType: "com.google.step_count.delta", type: "step", value: (v) => v[0]?.intVal },
    { dataType: "com.google.weight", type: "weight", value: (v) => v[0]?.fpVal },
    { dataType: "com.google.body.fat.percentage", type: "body_fat", value: (v) => v[0]?.fpVal },
    { dataType: "com.google.heart_rate.bpm", type: "heart_rate", value: (v) => v[0]?.fpVal },
    {
      dataType: "com.google.oxygen_saturation",
      type: "oxygen_saturation",
      value: (v) => v[0]?.fpVal,
    },
    {
      dataType: "com.google.hydration",
      type: "water",
      value: (v) => (v[0]?.fpVal === undefined ? undefined : v[0].fpVal * 1000),
    },
  ];

type Value = { intVal?: number; fpVal?: number };
type Bucket = { startTimeMillis: string; dataset: { point: { value: Value[] }[] }[] };
type Session = {
  id: string;
  name?: string;
  description?: string;
  startTimeMillis: string;
  endTimeMillis: string;
  activityType: number;
};

export const googleHealth: ProviderClient = {
  id: "google_health",
  displayName: "Google Health",
  auth: "oauth2",
  pacingSeconds: 60,
  authorizeUrl: (http, client, redirectUri, state) =>
    buildAuthorizeUrl(http, `${ACCOUNTS}/o/oauth2/v2/auth`, client, redirectUri, state, {
      scope: SCOPES.join(" "),
      access_type: "offline",
      prompt: "consent",
    }),
  exchangeCode: (http, client, code, redirectUri) =>
    requestTokens(
      http,
      `${OAUTH}/token`,
      client,
      { grant_type: "authorization_code", code, redirect_uri: redirectUri },
      "client_secret_post",
    ),
  refresh: (http, client, refreshToken) =>
    requestTokens(
      http,
      `${OAUTH}/token`,
      client,
      { grant_type: "refresh_token", refresh_token: refreshToken },
      "client_secret_post",
    ),
  async revoke(http, _client, accessToken) {
    await http.send("POST", `${OAUTH}/revoke`, { form: { token: accessToken }, bearer: false });
  },
  async fetchRecords(http, window) {
    const records: HealthRecord[] = [];
    for (const range of dayRanges(window.start, window.end, RANGE_DAYS)) {
      const start = Date.parse(`${range.from}T00:00:00Z`);
      const end = Math.min(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS, window.end.getTime());
      records.push(...(await dailyAggregates(http, start, end)));
      records.push(...(await sessions(http, start, end)));
    }
    return { records, cursor: {} };
  },
};

async function dailyAggregates(http: ProviderHttp, start: number, end: number) {
  const records: HealthRecord[] = [];
  for (const aggregate of AGGREGATES) {
    const answer = await http.send("POST", `${FIT}/dataset:aggregate`, {
      json: {
        aggregateBy: [{ dataTypeName: aggregate.dataType }],
        bucketByTime: { durationMillis: DAY_MS },
        startTimeMillis: start,
        endTimeMillis: end,
      },
    });
    for (const bucket of (answer.body as { bucket?: Bucket[] }).bucket ?? []) {
      const point = bucket.dataset[0]?.point[0];
      const value = point ? aggregate.value(point.value) : undefined;
      if (value === undefined) continue;
      const date = new Date(Number(bucket.startTimeMillis)).toISOString().slice(0, 10);
      records.push({
        type: aggregate.type,
        value,
        date,
        source: "google_health",
        source_id: `${aggregate.type}:${date}`,
      });
    }
  }
  return records;
}

/** Workouts and sleep: Fit sessions in the range, following nextPageToken. */
async function sessions(http: ProviderHttp, start: number, end: number) {
  const records: HealthRecord[] = [];
  let pageToken: string | undefined;
  do {
    const body = (await http.getJson(`${FIT}/sessions`, {
      startTime: new Date(start).toISOString(),
      endTime: new Date(end).toISOString(),
      pageToken,
    })) as { session?: Session[]; nextPageToken?: string };
    for (const s of body.session ?? []) records.push(sessionRecord(s));
    pageToken = body.nextPageToken || undefined;
  } while (pageToken);
  return records;
}

function sessionRecord(s: Session): HealthRecord {
  const startTime = new Date(Number(s.startTimeMillis)).toISOString();
  const endTime = new Date(Number(s.endTimeMillis)).toISOString();
  if (SLEEP_ACTIVITY_TYPES.has(s.activityType))
    return {
      type: "SleepSession",
      bedtime: startTime,
      wake_time: endTime,
      source: "google_health",
      source_id: s.id,
    };
  return {
    type: "ExerciseSession",
    source: "google_health",
    source_id: s.id,
    activityType: googleActivityName(s.activityType),
    title: s.name ?? null,
    notes: s.description || null,
    startTime,
    endTime,
  };
}
