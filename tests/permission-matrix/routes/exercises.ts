import type { MatrixOwner, MatrixRoute } from "../types.ts";
import { ids, ownerJson } from "../seeds.ts";

// The library (custom exercises, presets) is read with can_view_exercise_library; entries,
// sessions, plans and progress are diary data; an exported track is check-in telemetry.
const DAY = "2026-03-02"; // a Monday
const unique = (name: string) => `${name} ${crypto.randomUUID().slice(0, 8)}`;
const library = { permission: "can_view_exercise_library", write: false } as const;
const diary = (write: boolean) => ({ permission: "can_manage_diary", write }) as const;

function gpx(start: string) {
  const t0 = Date.parse(start);
  const points = [0, 1, 2, 3]
    .map(
      (i) =>
        `<trkpt lat="${45 + i / 10000}" lon="7"><time>${new Date(t0 + i * 1000).toISOString()}</time></trkpt>`,
    )
    .join("");
  return `<?xml version="1.0"?><gpx version="1.1"><trk><type>running</type><trkseg>${points}</trkseg></trk></gpx>`;
}
const gpxForm = () => {
  const form = new FormData();
  form.append(
    "file",
    new File(
      [gpx(`${DAY}T06:${String(Math.floor(Math.random() * 60)).padStart(2, "0")}:00Z`)],
      "run.gpx",
    ),
  );
  return form;
};

/** A custom exercise, an entry, a preset, a logged session and a plan of the owner. */
async function seedLibrary(owner: MatrixOwner) {
  const exercise = await ownerJson(owner, "POST", "/api/exercises", {
    name: unique("Sled Sprint"),
    met: 8,
  });
  const entry = await ownerJson(owner, "POST", "/api/exercise-entries", {
    exercise_id: exercise.id,
    entry_date: DAY,
    sets: [{ reps: 5, weight: 50 }],
  });
  // The matrix makes hundreds of presets for one owner. The list is sorted by name, so a
  // countdown puts the newest first; the exercise's unique suffix lets a search find it.
  const countdown = String(9e12 - Date.now());
  const preset = await ownerJson(owner, "POST", "/api/workout-presets", {
    name: `Push ${countdown} ${exercise.name.split(" ").at(-1)}`,
    exercises: [{ exercise_id: exercise.id, sets: [{ reps: 5 }] }],
  });
  const session = await ownerJson(owner, "POST", "/api/exercise-preset-entries", {
    workout_preset_id: preset.id,
    entry_date: DAY,
  });
  const plan = await ownerJson(owner, "POST", "/api/workout-plan-templates", {
    plan_name: unique("Block"),
    start_date: DAY,
    assignments: [{ day_of_week: 1, workout_preset_id: preset.id }],
  });
  return ids({
    exercise: exercise.id,
    name: exercise.name.split(" ").at(-1),
    entry: entry.id,
    preset: preset.id,
    session: session.id,
    plan: plan.id,
  });
}

async function seedImport(owner: MatrixOwner) {
  const res = await owner.request("POST", "/api/exercise-entries/import", gpxForm());
  if (res.status !== 200) throw new Error(`seed import: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { job_id: string; files: { entry_id: string }[] };
  return ids({ job: body.job_id, workout: body.files[0]!.entry_id });
}

const seed = seedLibrary;
// Diary reads show entries to can_view_reports too, without the library's exercise names.
async function seedDiary(owner: MatrixOwner) {
  const { name: _name, ...seeded } = await seedLibrary(owner);
  return seeded;
}
const range = "startDate=2026-03-01&endDate=2026-03-07";

export const routes: MatrixRoute[] = [
  // Library
  { ...library, method: "GET", path: (s) => `/api/exercises/search?searchTerm=${s.name}`, seed },
  { ...library, method: "GET", path: (s) => `/api/v2/exercises/search?searchTerm=${s.name}`, seed },
  { ...library, method: "GET", path: (s) => `/api/exercises?searchTerm=${s.name}`, seed },
  { ...library, method: "GET", path: (s) => `/api/exercises/${s.exercise}`, seed },
  {
    ...diary(true),
    method: "POST",
    path: "/api/exercises",
    body: () => ({ name: unique("Carry") }),
    okStatus: 201,
  },
  {
    ...diary(true),
    method: "PUT",
    path: (s) => `/api/exercises/${s.exercise}`,
    body: { met: 9 },
    seed,
  },
  {
    ...diary(true),
    method: "DELETE",
    path: (s) => `/api/exercises/${s.exercise}`,
    seed: async (owner) =>
      ids({
        exercise: (await ownerJson(owner, "POST", "/api/exercises", { name: unique("Spare") })).id,
      }),
  },
  {
    ...diary(true),
    method: "POST",
    path: "/api/exercises/import",
    body: () => [{ id: unique("x"), name: unique("Imported"), category: "strength" }],
  },
  // Suggestions are library rows picked by the diary's use, which a library-only reader
  // does not see: only statuses are compared.
  {
    ...library,
    method: "GET",
    path: "/api/exercises/suggested?limit=5",
    seed: async (owner) => (await seedLibrary(owner), {}),
  },
  // The exercise databases: searching uses the owner's providers (the matrix's server
  // reaches none, so a caller let through gets the upstream failure); adding writes the
  // library, and an id no database has is a 404 before any request, whether or not the
  // owner configured one (the search row's seed does) and the caller may use it.
  {
    permission: "share_external_providers",
    write: false,
    method: "GET",
    path: (s) =>
      `/api/exercises/search-external?query=bench&providerType=wger&providerId=${s.provider}`,
    seed: async (owner) => {
      const provider = await ownerJson(owner, "POST", "/api/external-providers", {
        provider_name: "Matrix wger",
        provider_type: "wger",
        base_url: "http://localhost:9/api/v2",
      });
      return { provider: provider.id };
    },
    okStatus: 502,
  },
  {
    ...diary(true),
    method: "POST",
    path: "/api/exercises/add-external",
    body: { wgerExerciseId: "0" },
    okStatus: 404,
  },
  {
    ...diary(true),
    method: "POST",
    path: "/api/freeexercisedb/add",
    body: { exerciseId: "no/such" },
    okStatus: 404,
  },
  // Entries, sessions and progress
  {
    ...diary(true),
    method: "POST",
    path: "/api/exercise-entries",
    body: (s: Record<string, string>) => ({
      exercise_id: s.exercise,
      entry_date: DAY,
      duration_minutes: 5,
    }),
    seed,
    okStatus: 201,
  },
  {
    ...diary(true),
    method: "PUT",
    path: (s) => `/api/exercise-entries/${s.entry}`,
    body: { notes: "ok" },
    seed,
  },
  { ...diary(true), method: "DELETE", path: (s) => `/api/exercise-entries/${s.entry}`, seed },
  {
    ...diary(false),
    method: "GET",
    path: `/api/v2/exercise-entries/by-date?selectedDate=${DAY}`,
    seed: seedDiary,
  },
  {
    ...diary(false),
    method: "GET",
    path: "/api/v2/exercise-entries/history?page=1&pageSize=50",
    seed: seedDiary,
  },
  {
    ...diary(false),
    method: "GET",
    path: (s) => `/api/personal-records?exerciseId=${s.exercise}`,
    seed: seedDiary,
  },
  {
    ...diary(false),
    method: "GET",
    path: (s) => `/api/v2/exercises/${s.exercise}/stats?${range}`,
    seed: seedDiary,
  },
  { ...diary(false), method: "GET", path: `/api/exercise-stats/summary?${range}`, seed: seedDiary },
  {
    ...diary(true),
    method: "POST",
    path: "/api/exercise-preset-entries",
    body: (s: Record<string, string>) => ({ workout_preset_id: s.preset, entry_date: DAY }),
    seed,
    okStatus: 201,
  },
  {
    ...diary(false),
    method: "GET",
    path: (s) => `/api/exercise-preset-entries/${s.session}`,
    seed: seedDiary,
  },
  {
    ...diary(true),
    method: "PUT",
    path: (s) => `/api/exercise-preset-entries/${s.session}`,
    body: { notes: "ok" },
    seed,
  },
  {
    ...diary(true),
    method: "DELETE",
    path: (s) => `/api/exercise-preset-entries/${s.session}`,
    seed,
  },
  // Presets
  { ...library, method: "GET", path: "/api/workout-presets?limit=50", seed },
  {
    ...library,
    method: "GET",
    path: (s) => `/api/workout-presets/search?searchTerm=${s.name}`,
    seed,
  },
  { ...library, method: "GET", path: (s) => `/api/workout-presets/${s.preset}`, seed },
  {
    ...diary(true),
    method: "POST",
    path: "/api/workout-presets",
    body: () => ({ name: unique("Pull") }),
    okStatus: 201,
  },
  {
    ...diary(true),
    method: "PUT",
    path: (s) => `/api/workout-presets/${s.preset}`,
    body: { description: "d" },
    seed,
  },
  { ...diary(true), method: "DELETE", path: (s) => `/api/workout-presets/${s.preset}`, seed },
  {
    ...diary(true),
    method: "POST",
    path: (s) => `/api/workout-presets/${s.preset}/start`,
    body: { entry_date: DAY },
    seed,
    okStatus: 201,
  },
  // Plans
  { ...diary(false), method: "GET", path: "/api/workout-plan-templates", seed: seedDiary },
  {
    ...diary(false),
    method: "GET",
    path: `/api/workout-plan-templates/scheduled?date=${DAY}`,
    seed: seedDiary,
  },
  {
    ...diary(true),
    method: "POST",
    path: "/api/workout-plan-templates",
    body: () => ({ plan_name: unique("Plan"), start_date: DAY }),
    okStatus: 201,
  },
  {
    ...diary(true),
    method: "PUT",
    path: (s) => `/api/workout-plan-templates/${s.plan}`,
    body: { is_active: false },
    seed,
  },
  { ...diary(true), method: "DELETE", path: (s) => `/api/workout-plan-templates/${s.plan}`, seed },
  // Activity files
  { ...diary(true), method: "POST", path: "/api/exercise-entries/import", form: gpxForm },
  {
    ...diary(false),
    method: "GET",
    path: (s) => `/api/exercise-entries/import-jobs/${s.job}`,
    seed: seedImport,
  },
  {
    permission: "can_manage_checkin",
    write: false,
    method: "GET",
    path: (s) => `/api/exercise-entries/${s.workout}/export?format=gpx`,
    seed: seedImport,
  },
];
