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
