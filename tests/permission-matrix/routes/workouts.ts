import type { MatrixOwner, MatrixRoute } from "../types.ts";
import { ingestAsOwner, ownerJson } from "../seeds.ts";

const DAY = "2026-03-03";

/** A synced run with GPS, heart rate and a lap, so every telemetry read has rows. */
export async function seedWorkout(owner: MatrixOwner) {
  const start = Date.parse(`${DAY}T07:00:00Z`);
  const at = (s: number) => new Date(start + s * 1000).toISOString();
  await ingestAsOwner(owner, [
    {
      type: "ExerciseSession",
      source: "Health Connect",
      source_id: crypto.randomUUID(),
      activityType: "Running",
      startTime: at(0),
      endTime: at(600),
      duration: 600,
      caloriesBurned: 90,
      record_timezone: "UTC",
      gps_points: [0, 300, 600].map((s, i) => ({ t: at(s), lat: 52 + i / 1000, lon: 13 })),
      hr_samples: [0, 300, 600].map((s) => ({ t: at(s), bpm: 140 })),
      laps: [{ lap_index: 0, start_time: at(0), end_time: at(600) }],
    },
  ]);
  const entries = await ownerJson(
    owner,
    "GET",
    `/api/exercise-entries/by-date?selectedDate=${DAY}`,
  );
  return { entry: entries[0].id as string };
}

// Exercise entries belong to the diary (spec's permission table).
const diaryRead = { permission: "can_manage_diary", write: false, seed: seedWorkout } as const;

export const routes: MatrixRoute[] = [
  { ...diaryRead, method: "GET", path: `/api/exercise-entries/by-date?selectedDate=${DAY}` },
  { ...diaryRead, method: "GET", path: (s) => `/api/exercise-entries/${s.entry}` },
];
