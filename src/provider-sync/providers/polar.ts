import type { HealthRecord } from "../../lib/ingest-types.ts";
import { activityName } from "../activity-names.ts";
import { localToInstant } from "../date-ranges.ts";
import { buildAuthorizeUrl, requestTokens } from "../oauth.ts";
import type { ProviderClient, SyncWindow } from "../provider-types.ts";
import { dailyActivityTransaction } from "./polar-daily-activity.ts";

// https://www.polar.com/accesslink-api/ : tokens from polarremote.com (long-lived, no
// refresh), then the user must be registered with the app before any data call.
const FLOW = "https://flow.polar.com";
const TOKEN = "https://polarremote.com/v2/oauth2/token";
const API = "https://www.polaraccesslink.com/v3";

type Exercise = {
  id: string;
  start_time: string;
  start_time_utc_offset: number;
  duration: string;
  calories?: number;
  distance?: number;
  sport?: string;
  detailed_sport_info?: string;
  samples?: { recording_rate: number; sample_type: string; data: string }[];
  route?: { latitude: number; longitude: number; time: string }[];
};
type Night = { date: string; sleep_start_time: string; sleep_end_time: string };
type Recharge = {
  date: string;
  heart_rate_avg?: number;
  heart_rate_variability_avg?: number;
  breathing_rate_avg?: number;
};

export const polar: ProviderClient = {
  id: "polar",
  displayName: "Polar",
  auth: "oauth2",
  pacingSeconds: 900,
  authorizeUrl: (http, client, redirectUri, state) =>
    buildAuthorizeUrl(http, `${FLOW}/oauth2/authorization`, client, redirectUri, state, {
      scope: "accesslink.read_all",
    }),
  exchangeCode: (http, client, code, redirectUri) =>
    requestTokens(
      http,
      TOKEN,
      client,
      { grant_type: "authorization_code", code, redirect_uri: redirectUri },
      "client_secret_basic",
    ),
  // Registration: 409 means this user is already registered with the app.
  async afterConnect(http, tokens) {
    await http.send("POST", `${API}/users`, {
      json: { "member-id": `fitness-${tokens.externalUserId}` },
      allow: [409],
    });
  },
  async revoke(http, _client, _token, externalUserId) {
    if (externalUserId)
      await http.send("DELETE", `${API}/users/${externalUserId}`, { allow: [404] });
  },
  async fetchRecords(http, window) {
    // AccessLink lists the last 30 days (28 for sleep); the window keeps what is asked for.
    const exercises = (await http.getJson(`${API}/exercises`, {
      samples: "true",
      route: "true",
    })) as Exercise[];
    const { nights } = (await http.getJson(`${API}/users/sleep`)) as { nights: Night[] };
    const { recharges } = (await http.getJson(`${API}/users/nightly-recharge`)) as {
      recharges: Recharge[];
    };
    // Daily activity is not by window: a transaction holds whatever is new since the last.
    const daily = window.externalUserId
      ? await dailyActivityTransaction(http, window.externalUserId)
      : { records: [], commit: undefined };
    const records: HealthRecord[] = [
      ...exercises.map(exerciseRecord).filter((r) => inWindow(String(r.startTime), window)),
      ...nights.filter((n) => inWindow(n.sleep_end_time, window)).map(sleepRecord),
      ...recharges.filter((r) => inWindow(`${r.date}T12:00:00Z`, window)).flatMap(rechargeRecords),
      ...daily.records,
    ];
    return { records, cursor: {}, confirm: daily.commit };
  },
};

const inWindow = (instant: string, w: SyncWindow) => {
  const t = Date.parse(instant);
  return t >= w.start.getTime() && t <= w.end.getTime();
};

/** ISO 8601 durations as Polar writes them ("PT1H2M3.5S") in seconds. */
export function durationSeconds(value: string): number {
  const m = value.match(/^PT(?:(\d+)H)?(?:(\d+)M)?(?:([\d.]+)S)?$/);
  return m ? Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0) : 0;
}

function exerciseRecord(e: Exercise): HealthRecord {
  const start = localToInstant(e.start_time, e.start_time_utc_offset);
  const startMs = Date.parse(start);
  const seconds = durationSeconds(e.duration);
  const at = (offsetSeconds: number) => new Date(startMs + offsetSeconds * 1000).toISOString();
  // Sample type 0 is heart rate, one value per recording_rate seconds.
  const hr = e.samples?.find((s) => s.sample_type === "0");
  const hrSamples = (hr?.data.split(",") ?? []).flatMap((v, i) =>
    Number(v) > 0 ? [{ t: at(i * hr!.recording_rate), bpm: Number(v) }] : [],
  );
  const gps = (e.route ?? []).map((p) => ({
    t: p.time.startsWith("PT")
      ? at(durationSeconds(p.time))
      : localToInstant(p.time, e.start_time_utc_offset),
    lat: p.latitude,
    lon: p.longitude,
  }));
  return {
    type: "ExerciseSession",
    source: "polar",
    source_id: e.id,
    activityType: activityName(e.detailed_sport_info ?? e.sport ?? "Workout"),
    startTime: start,
    endTime: at(seconds),
    duration: seconds,
    caloriesBurned: e.calories ?? null,
    distance: e.distance === undefined ? null : e.distance / 1000,
    record_utc_offset_minutes: e.start_time_utc_offset,
    hr_samples: hrSamples,
    gps_points: gps,
  };
}

const sleepRecord = (n: Night): HealthRecord => ({
  type: "SleepSession",
  bedtime: n.sleep_start_time,
  wake_time: n.sleep_end_time,
  date: n.date,
  source: "polar",
  source_id: `sleep:${n.date}`,
});

function rechargeRecords(r: Recharge): HealthRecord[] {
  const values: [string, number | undefined][] = [
    ["resting_hr", r.heart_rate_avg],
    ["HRV", r.heart_rate_variability_avg],
    ["respiratory_rate", r.breathing_rate_avg],
  ];
  return values.flatMap(([type, value]) =>
    value === undefined
      ? []
      : [{ type, value, date: r.date, source: "polar", source_id: `${type}:${r.date}` }],
  );
}
