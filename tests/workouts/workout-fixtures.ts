import type { TestContext } from "../helpers/test-app.ts";

/** Workout records with known series, shared by the workout tests. */

export type Point = Record<string, number | string>;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `count` GPS points one second apart from `start`, heading north at `speed` m/s (so the
 * haversine distance is known), with altitude from `alt(i)` and heart rate from `hr(i)`.
 */
export function gpsTrack(
  start: string,
  count: number,
  options: { speed?: number; alt?: (i: number) => number; hr?: (i: number) => number } = {},
): Point[] {
  const t0 = Date.parse(start);
  const speed = options.speed ?? 3;
  // Metres per degree of latitude on the haversine sphere (R = 6371008.8 m).
  const metresPerDegree = (6_371_008.8 * Math.PI) / 180;
  return Array.from({ length: count }, (_, i) => {
    const point: Point = { t: iso(t0 + i * 1000), lat: 45 + (i * speed) / metresPerDegree, lon: 7 };
    point.speed = speed;
    if (options.alt) point.alt = options.alt(i);
    if (options.hr) point.hr = options.hr(i);
    return point;
  });
}

/** Heart-rate samples every `stepSeconds` seconds with bpm from `bpm(i)`. */
export function hrSamples(
  start: string,
  count: number,
  stepSeconds: number,
  bpm: (i: number) => number,
) {
  const t0 = Date.parse(start);
  return Array.from({ length: count }, (_, i) => ({
    t: iso(t0 + i * stepSeconds * 1000),
    bpm: bpm(i),
  }));
}

export function workoutRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "ExerciseSession",
    source: "Health Connect",
    source_id: crypto.randomUUID(),
    activityType: "Running",
    startTime: "2026-03-01T08:00:00Z",
    endTime: "2026-03-01T08:30:00Z",
    duration: 1800,
    caloriesBurned: 300,
    record_timezone: "UTC",
    ...overrides,
  };
}

export type IngestAnswer = {
  message: string;
  processed: { type: string; status: string; data: { id: string } & Record<string, unknown> }[];
  errors: { error: string; entry: unknown }[];
  skipped: { reason: string; entry: unknown }[];
};

/** A user with a session token (for reading) and an API key (for posting). */
export async function createWorkoutUser(
  ctx: TestContext,
  profile: { timezone?: string; date_of_birth?: string; max_heart_rate?: number } = {},
) {
  const user = await ctx.createUser();
  const key = await ctx.createApiKey(user.id, ["health_data_write"]);
  await ctx.db.owner`
    update user_profiles
       set timezone = ${profile.timezone ?? "UTC"},
           date_of_birth = ${profile.date_of_birth ?? null},
           max_heart_rate = ${profile.max_heart_rate ?? null}
     where user_id = ${user.id}`;
  return { ...user, key };
}

/** POSTs records to /api/health-data with `X-Workout-Model-Version` (3 unless given). */
export async function postWorkouts(
  ctx: TestContext,
  key: string,
  body: unknown,
  modelVersion: string | null = "3",
): Promise<IngestAnswer> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Authorization: `Bearer ${key}`,
  };
  if (modelVersion !== null) headers["X-Workout-Model-Version"] = modelVersion;
  const res = await ctx.request("/api/health-data", {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${await res.text()}`);
  return (await res.json()) as IngestAnswer;
}

/** GETs a path with a session token and returns status and parsed body. */
export async function read(ctx: TestContext, token: string, path: string) {
  const res = await ctx.request(path, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as any };
}
