import type { HealthRecord } from "../../lib/ingest-types.ts";
import { activityName } from "../activity-names.ts";
import { buildAuthorizeUrl, requestTokens } from "../oauth.ts";
import type { ProviderHttp } from "../provider-http.ts";
import type { ProviderClient, SyncWindow } from "../provider-types.ts";
import { zoneFromLabel } from "../zone-label.ts";

// https://developers.strava.com/docs/reference/ and /docs/authentication/
const WEB = "https://www.strava.com";
const API = "https://www.strava.com/api/v3";
const PAGE_SIZE = 100;
// Two detail calls per activity against a 100-requests-per-15-minutes app limit: a run
// takes at most this many, and the next run continues after them.
const MAX_DETAILED_PER_RUN = 40;
const STREAM_KEYS = "time,latlng,altitude,heartrate,cadence,watts,velocity_smooth,distance";

type SummaryActivity = {
  id: number;
  name?: string;
  sport_type?: string;
  type?: string;
  start_date: string;
  timezone?: string;
  elapsed_time?: number;
  distance?: number;
  manual?: boolean;
};
type DetailedActivity = SummaryActivity & {
  calories?: number;
  description?: string | null;
  laps?: { lap_index?: number; start_date: string; elapsed_time: number }[];
};
type Stream = { data: unknown[] };
type Streams = Partial<Record<string, Stream>>;

export const strava: ProviderClient = {
  id: "strava",
  displayName: "Strava",
  auth: "oauth2",
  pacingSeconds: 15 * 60,
  // Strava sends no Retry-After; its short-term limit resets at each quarter hour.
  rateLimitWait: () => 900 - (Math.floor(Date.now() / 1000) % 900),
  authorizeUrl: (http, client, redirectUri, state) =>
    buildAuthorizeUrl(http, `${WEB}/oauth/authorize`, client, redirectUri, state, {
      approval_prompt: "auto",
      scope: "read,activity:read_all,profile:read_all",
    }),
  exchangeCode: (http, client, code) =>
    requestTokens(
      http,
      `${WEB}/oauth/token`,
      client,
      { grant_type: "authorization_code", code },
      "client_secret_post",
    ),
  refresh: (http, client, refreshToken) =>
    requestTokens(
      http,
      `${WEB}/oauth/token`,
      client,
      { grant_type: "refresh_token", refresh_token: refreshToken },
      "client_secret_post",
    ),
  async revoke(http) {
    await http.send("POST", `${WEB}/oauth/deauthorize`, { allow: [400, 401] });
  },
  // A delete event is confirmed when the activity is gone for its owner's token too.
  async confirmDeleted(http, sourceIds) {
    const gone: string[] = [];
    for (const id of sourceIds) {
      const answer = await http.send("GET", `${API}/activities/${id}`, { allow: [404] });
      if (answer.status === 404) gone.push(id);
    }
    return gone;
  },
  async fetchRecords(http, window) {
    const listed = await listActivities(http, window);
    const batch = listed.slice(0, MAX_DETAILED_PER_RUN);
    const records: HealthRecord[] = [];
    for (const summary of batch) records.push(await activityRecord(http, summary));
    const weight = await athleteWeight(http, window.end);
    if (weight) records.push(weight);
    const more = listed.length > batch.length;
    // Strava lists by start time, so the next run resumes at the first activity not taken.
    return {
      records,
      cursor: {},
      resumeFrom: more ? new Date(listed[batch.length]!.start_date) : undefined,
    };
  },
};

async function listActivities(http: ProviderHttp, window: SyncWindow) {
  const all: SummaryActivity[] = [];
  for (let page = 1; ; page++) {
    const items = (await http.getJson(`${API}/athlete/activities`, {
      after: Math.floor(window.start.getTime() / 1000) - 1,
      before: Math.ceil(window.end.getTime() / 1000),
      page,
      per_page: PAGE_SIZE,
    })) as SummaryActivity[];
    all.push(...items);
    if (items.length < PAGE_SIZE || all.length > MAX_DETAILED_PER_RUN) break;
  }
  return all.sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date));
}

async function activityRecord(http: ProviderHttp, summary: SummaryActivity): Promise<HealthRecord> {
  const detail = (await http.getJson(`${API}/activities/${summary.id}`)) as DetailedActivity;
  const streams = summary.manual ? {} : await activityStreams(http, summary.id);
  const start = Date.parse(detail.start_date);
  const elapsed = detail.elapsed_time ?? 0;
  const { gps, hr } = streamSeries(streams, start);
  return {
    type: "ExerciseSession",
    source: "strava",
    source_id: String(detail.id),
    activityType: activityName(detail.sport_type ?? detail.type ?? "Workout"),
    title: detail.name ?? null,
    notes: detail.description ?? null,
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + elapsed * 1000).toISOString(),
    duration: elapsed,
    distance: detail.distance === undefined ? null : detail.distance / 1000,
    caloriesBurned: detail.calories ?? null,
    record_timezone: zoneFromLabel(detail.timezone),
    gps_points: gps,
    hr_samples: hr,
    laps: (detail.laps ?? []).map((lap, i) => ({
      lap_index: lap.lap_index ?? i,
      start_time: lap.start_date,
      end_time: new Date(Date.parse(lap.start_date) + lap.elapsed_time * 1000).toISOString(),
    })),
  };
}

async function activityStreams(http: ProviderHttp, id: number): Promise<Streams> {
  // An activity without recorded data has no streams: 404, not an error.
  const answer = await http.send("GET", `${API}/activities/${id}/streams`, {
    query: { keys: STREAM_KEYS, key_by_type: "true" },
    allow: [404],
  });
  return answer.status === 404 ? {} : ((answer.body ?? {}) as Streams);
}

/** Strava's parallel arrays (seconds from the start) as GPS points and heart-rate samples. */
function streamSeries(streams: Streams, start: number) {
  const time = (streams.time?.data ?? []) as number[];
  const at = (key: string, i: number) => (streams[key]?.data[i] as number | undefined) ?? null;
  const gps: Record<string, unknown>[] = [];
  const hr: { t: string; bpm: number }[] = [];
  time.forEach((offset, i) => {
    const t = new Date(start + offset * 1000).toISOString();
    const bpm = at("heartrate", i);
    if (bpm !== null) hr.push({ t, bpm });
    const latlng = streams.latlng?.data[i] as [number, number] | undefined;
    if (!latlng) return;
    gps.push({
      t,
      lat: latlng[0],
      lon: latlng[1],
      alt: at("altitude", i),
      hr: bpm,
      cad: at("cadence", i),
      power: at("watts", i),
      speed: at("velocity_smooth", i),
      dist: at("distance", i),
    });
  });
  return { gps, hr };
}

async function athleteWeight(http: ProviderHttp, at: Date): Promise<HealthRecord | null> {
  const athlete = (await http.getJson(`${API}/athlete`)) as { id?: number; weight?: number | null };
  if (!athlete.weight) return null;
  return { type: "weight", value: athlete.weight, timestamp: at.toISOString(), source: "strava" };
}
