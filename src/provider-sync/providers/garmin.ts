import type { HealthRecord } from "../../lib/ingest-types.ts";
import { buildAuthorizeUrl, requestTokens } from "../oauth.ts";
import type { ProviderHttp } from "../provider-http.ts";
import type { ProviderClient, SyncWindow } from "../provider-types.ts";
import {
  activityRecord,
  bodyCompRecords,
  dailyRecords,
  sleepRecord,
  type GarminActivity,
  type GarminActivityDetail,
  type GarminBodyComp,
  type GarminDaily,
  type GarminSleep,
} from "./garmin-records.ts";

// Garmin Connect Developer Program (Health and Activity APIs), OAuth 2.0 with PKCE.
// Summaries are pulled by the time Garmin received them (upload time), at most 24 hours
// per request; data uploaded before the user connected comes only through a backfill,
// which Garmin answers 202 and delivers later as new uploads (and a ping to our webhook).
const CONNECT = "https://connect.garmin.com";
const TOKEN = "https://diauth.garmin.com/di-oauth2-service/oauth/token";
const API = "https://apis.garmin.com/wellness-api/rest";
const DAY_S = 86_400;
// Five pulls per day of uploads; a run takes this many days, the next run continues.
const MAX_PULL_DAYS = 7;
// Garmin's limit for one backfill request.
const BACKFILL_DAYS = 90;
const SUMMARIES = ["dailies", "activities", "activityDetails", "sleeps", "bodyComps"] as const;
type Summaries = {
  dailies: GarminDaily[];
  activities: GarminActivity[];
  activityDetails: GarminActivityDetail[];
  sleeps: GarminSleep[];
  bodyComps: GarminBodyComp[];
};

export const garmin: ProviderClient = {
  id: "garmin",
  displayName: "Garmin",
  auth: "oauth2",
  pkce: true,
  pacingSeconds: 60,
  authorizeUrl: (http, client, redirectUri, state, challenge) =>
    buildAuthorizeUrl(http, `${CONNECT}/oauth2Confirm`, client, redirectUri, state, {
      code_challenge: challenge!,
      code_challenge_method: "S256",
    }),
  exchangeCode: (http, client, code, redirectUri, verifier) =>
    requestTokens(
      http,
      TOKEN,
      client,
      {
        grant_type: "authorization_code",
        code,
        code_verifier: verifier!,
        redirect_uri: redirectUri,
      },
      "client_secret_post",
    ),
  refresh: (http, client, refreshToken) =>
    requestTokens(
      http,
      TOKEN,
      client,
      { grant_type: "refresh_token", refresh_token: refreshToken },
      "client_secret_post",
    ),
  // The token answer names no account; pings and pushes identify users by this id.
  async afterConnect(http) {
    const { userId } = (await http.getJson(`${API}/user/id`)) as { userId: string };
    return userId;
  },
  async revoke(http) {
    await http.send("DELETE", `${API}/user/registration`, { allow: [404] });
  },
  async fetchRecords(http, window) {
    // An empty cursor is a first sync or a range asked for by hand: what was uploaded
    // before now is asked for by summary time (backfill), and only the last day is pulled.
    const backfill = window.cursor.backfilled !== 1;
    if (backfill) await requestBackfill(http, window);
    const lastDay = window.end.getTime() / 1000 - DAY_S;
    const from = Math.floor(
      backfill ? Math.max(window.start.getTime() / 1000, lastDay) : window.start.getTime() / 1000,
    );
    const end = Math.ceil(window.end.getTime() / 1000);
    const until = Math.min(end, from + MAX_PULL_DAYS * DAY_S);
    const pulled: Summaries = {
      dailies: [],
      activities: [],
      activityDetails: [],
      sleeps: [],
      bodyComps: [],
    };
    for (let start = from; start < until; start += DAY_S)
      for (const type of SUMMARIES)
        (pulled[type] as unknown[]).push(
          ...((await http.getJson(`${API}/${type}`, {
            uploadStartTimeInSeconds: start,
            uploadEndTimeInSeconds: Math.min(start + DAY_S, until),
          })) as unknown[]),
        );
    return {
      records: summaryRecords(pulled),
      cursor: { backfilled: 1 },
      resumeFrom: until < end ? new Date(until * 1000) : undefined,
    };
  },
};

async function requestBackfill(http: ProviderHttp, window: SyncWindow) {
  const end = Math.ceil(window.end.getTime() / 1000);
  for (let start = Math.floor(window.start.getTime() / 1000); start < end;) {
    const stop = Math.min(end, start + BACKFILL_DAYS * DAY_S);
    for (const type of SUMMARIES)
      // 409: the same range was asked for already.
      await http.send("GET", `${API}/backfill/${type}`, {
        query: { summaryStartTimeInSeconds: start, summaryEndTimeInSeconds: stop },
        allow: [409],
      });
    start = stop;
  }
}

/**
 * Records of everything pulled. An activity with details is written from them (GPS, heart
 * rate, laps); a summary alone only for a manual activity, which has no details, so that a
 * re-uploaded summary never writes a recorded workout without its samples.
 */
function summaryRecords(pulled: Summaries): HealthRecord[] {
  const detailed = new Map<string, GarminActivityDetail>();
  for (const detail of pulled.activityDetails)
    detailed.set(String(detail.activityId ?? detail.summary.activityId), detail);
  const manual = pulled.activities.filter(
    (a) => a.manual && !detailed.has(String(a.activityId ?? a.summaryId)),
  );
  return [
    ...pulled.dailies.flatMap(dailyRecords),
    ...[...detailed.values()].map((d) => activityRecord(d.summary, d)),
    ...manual.map((a) => activityRecord(a, null)),
    ...pulled.sleeps.map(sleepRecord),
    ...pulled.bodyComps.flatMap(bodyCompRecords),
  ];
}
