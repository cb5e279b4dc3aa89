import { gpsTrack, workoutRecord } from "../workouts/workout-fixtures.ts";

/**
 * Writers that keep a server busy until it dies, remembering which of their records it
 * acknowledged (2xx) and which it never answered, and the checks that read them back.
 */

export const GPS_POINTS = 30;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WORKOUTS_FROM = Date.parse("2026-01-01T00:00:00Z");
const CHECK_INS_FROM = Date.parse("2025-01-01T00:00:00Z");
export const DIARY_DAY = "2026-02-01";

export type Kind = "workout" | "check-in" | "diary";
/** Record numbers of one kind: acknowledged, and sent without an answer. */
type Outcomes = { acked: number[]; unacked: number[] };

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Record `i` of a kind as the request that writes it (path and JSON body). */
export function recordRequest(kind: Kind, i: number): { path: string; body: unknown } {
  if (kind === "workout") {
    const start = WORKOUTS_FROM + i * HOUR;
    const track = gpsTrack(new Date(start).toISOString(), GPS_POINTS, { hr: (n) => 120 + n });
    return {
      path: "/api/health-data",
      body: [
        workoutRecord({
          source_id: workoutSourceId(i),
          startTime: new Date(start).toISOString(),
          endTime: new Date(start + 30 * 60_000).toISOString(),
          gps_points: track,
        }),
      ],
    };
  }
  if (kind === "check-in")
    return {
      path: "/api/measurements/check-in",
      body: { entry_date: checkInDay(i), weight: checkInWeight(i) },
    };
  return {
    path: "/api/food-entries",
    body: {
      entry_date: DIARY_DAY,
      meal_type: "breakfast",
      food_name: diaryName(i),
      calories: i,
      quantity: 1,
      unit: "serving",
    },
  };
}

export const workoutSourceId = (i: number) => `crash-workout-${i}`;
export const workoutDay = (i: number) => day(WORKOUTS_FROM + i * HOUR);
export const checkInDay = (i: number) => day(CHECK_INS_FROM + i * DAY);
export const checkInWeight = (i: number) => 50 + (i % 200) / 4;
export const diaryName = (i: number) => `crash entry ${i}`;

/**
 * `count` writers of `kind` sharing one numbering, each sending its next record as soon as
 * the last is answered, until the server stops answering. A 4xx is a broken test, thrown.
 */
export function startWriters(
  post: (path: string, body: unknown) => Promise<Response>,
  kind: Kind,
  count: number,
): { outcomes: Outcomes; done: Promise<void> } {
  const outcomes: Outcomes = { acked: [], unacked: [] };
  let next = 0;
  const writer = async () => {
    for (;;) {
      const i = next++;
      const { path, body } = recordRequest(kind, i);
      const res = await post(path, body).catch(() => undefined);
      if (res && res.status >= 400 && res.status < 500)
        throw new Error(`${kind} ${i}: ${res.status} ${await res.text()}`);
      await res?.arrayBuffer().catch(() => undefined);
      if (res?.ok) outcomes.acked.push(i);
      else return void outcomes.unacked.push(i);
    }
  };
  return { outcomes, done: Promise.all(Array.from({ length: count }, writer)).then(() => {}) };
}
