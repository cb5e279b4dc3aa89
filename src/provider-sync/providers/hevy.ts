import type { HealthRecord } from "../../lib/ingest-types.ts";
import type { ProviderHttp } from "../provider-http.ts";
import type { ProviderClient, SyncWindow } from "../provider-types.ts";

// https://api.hevyapp.com/docs/ : a personal API key (Hevy Pro) in the `api-key` header.
const API = "https://api.hevyapp.com/v1";
const PAGE_SIZE = 10; // the API's maximum

type HevySet = {
  index: number;
  type?: string;
  weight_kg?: number | null;
  reps?: number | null;
  duration_seconds?: number | null;
};
type HevyWorkout = {
  id: string;
  title?: string;
  description?: string | null;
  start_time: string;
  end_time: string;
  exercises: { index: number; title: string; notes?: string | null; sets: HevySet[] }[];
};
type WorkoutEvent = { type: "updated"; workout: HevyWorkout } | { type: "deleted"; id: string };

export const hevy: ProviderClient = {
  id: "hevy",
  displayName: "Hevy",
  auth: "api_key",
  async fetchRecords(http, window) {
    const records: HealthRecord[] = [];
    for (const workout of await changedWorkouts(http, window))
      records.push(...workoutRecords(workout));
    return { records, cursor: {} };
  },
};

/**
 * Hevy's event feed lists workouts created or edited since an instant, so an edit to an
 * old workout is picked up too. Deleted workouts are left alone: a sync never deletes.
 */
async function changedWorkouts(http: ProviderHttp, window: SyncWindow): Promise<HevyWorkout[]> {
  const workouts: HevyWorkout[] = [];
  for (let page = 1; ; page++) {
    const answer = await http.send("GET", `${API}/workouts/events`, {
      query: { page, pageSize: PAGE_SIZE, since: window.start.toISOString() },
      headers: { "api-key": http.accessToken ?? "" },
      bearer: false,
      // Hevy answers 404 for a page past the end.
      allow: [404],
    });
    if (answer.status === 404) break;
    const body = answer.body as { page_count: number; events: WorkoutEvent[] };
    for (const event of body.events) if (event.type === "updated") workouts.push(event.workout);
    if (page >= body.page_count) break;
  }
  return workouts;
}

// One workout holds several exercises; each becomes its own entry with its sets, keyed by
// workout id and exercise position so a re-sync updates the same entries.
function workoutRecords(workout: HevyWorkout): HealthRecord[] {
  return workout.exercises.map((exercise) => ({
    type: "ExerciseSession",
    source: "hevy",
    source_id: `${workout.id}:${exercise.index}`,
    activityType: exercise.title,
    title: workout.title ?? null,
    notes: exercise.notes ?? workout.description ?? null,
    startTime: workout.start_time,
    endTime: workout.end_time,
    sets: exercise.sets.map((set) => ({
      set_number: set.index + 1,
      set_type: set.type ?? null,
      reps: set.reps ?? null,
      weight: set.weight_kg ?? null,
      duration: set.duration_seconds ?? null,
    })),
  }));
}
