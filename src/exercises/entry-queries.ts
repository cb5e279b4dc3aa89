import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { estimateCalories, latestWeightKg } from "./calories.ts";
import type { EntryInput, EntryUpdate, SetInput, SetType } from "./entry-schemas.ts";

/** Writing manual exercise entries (source 'manual') and their sets. */

type ExerciseRef = { id: string; name: string; met: number | null };

/** The exercise an entry names, if the user may use it (catalogue or own); else a 400. */
export async function requireExercise(tx: Tx, userId: string, id: string): Promise<ExerciseRef> {
  const [row] = isUuid(id)
    ? await tx<ExerciseRef[]>`
        select id, name, met from exercises
         where id = ${id} and (user_id is null or user_id = ${userId})`
    : [];
  if (!row) throw new HttpError(400, "exercise_id does not name an exercise of the library.");
  return row;
}

type SetRow = {
  set_number: number;
  set_type: SetType;
  reps: number | null;
  weight: number | null;
  duration_seconds: number | null;
  distance: number | null;
  rpe: number | null;
  rest_time_seconds: number | null;
  notes: string | null;
};

export function toSetRows(sets: SetInput[]): SetRow[] {
  return sets.map((s, i) => ({
    set_number: s.set_number ?? i + 1,
    set_type: s.set_type ?? "normal",
    reps: s.reps ?? null,
    weight: s.weight ?? null,
    duration_seconds: s.duration_seconds ?? s.duration ?? null,
    distance: s.distance ?? null,
    rpe: s.rpe ?? null,
    rest_time_seconds: s.rest_time_seconds ?? s.rest_time ?? null,
    notes: s.notes ?? null,
  }));
}

// A set logged with neither its duration nor its rest (the web client's strength screen
// records reps and weight only): 3 s a rep (40 s without reps) and the common 90 s rest.
const SECONDS_PER_REP = 3;
const UNTIMED_SET_SECONDS = 40;
const DEFAULT_REST_SECONDS = 90;

// Without a stated duration, a strength entry lasts as long as its sets and rests; an entry
// none of whose sets is timed is given the typical set's work and rest.
function minutesOf(input: { duration_minutes?: number | null }, sets: SetRow[]): number {
  if (input.duration_minutes != null) return input.duration_minutes;
  const untimed = sets.every((s) => s.duration_seconds == null && s.rest_time_seconds == null);
  const seconds = sets.reduce(
    (sum, s) =>
      sum +
      (untimed
        ? (s.reps ? s.reps * SECONDS_PER_REP : UNTIMED_SET_SECONDS) + DEFAULT_REST_SECONDS
        : (s.duration_seconds ?? 0) + (s.rest_time_seconds ?? 0)),
    0,
  );
  return seconds / 60;
}

/** Where an entry sits: its session, place and superset there, and the id the app minted. */
export type Placement = {
  id?: string;
  sessionId?: string | null;
  sortOrder?: number;
  supersetGroup?: number | null;
};

// What a logged set keeps beyond a planned one: completion, record mark and, for a set
// sent back to its own entry, its number (a new entry's sets are numbered afresh, so a
// copied entry's ids cannot clash).
function toLoggedSetRows(sets: SetInput[], keepIds: boolean) {
  return toSetRows(sets).map((row, i) => ({
    ...row,
    ...(keepIds && sets[i]!.id ? { numeric_id: sets[i]!.id } : {}),
    completed_at: sets[i]!.completed_at ?? null,
    is_pr: sets[i]!.is_pr ?? false,
  }));
}

/** Creates a manual entry with its sets; calories come from MET and weight when not given. */
export async function createManualEntry(
  tx: Tx,
  userId: string,
  input: EntryInput,
  placement: Placement = {},
): Promise<string> {
  const exercise = await requireExercise(tx, userId, input.exercise_id);
  const sets = toLoggedSetRows(input.sets ?? [], false);
  const minutes = minutesOf(input, sets);
  const calories =
    input.calories_burned ??
    estimateCalories(exercise.met, await latestWeightKg(tx, userId, input.entry_date), minutes);
  const [row] = await tx<{ id: string }[]>`
    insert into exercise_entries ${tx({
      ...(placement.id ? { id: placement.id } : {}),
      user_id: userId,
      exercise_id: exercise.id,
      entry_date: input.entry_date,
      entry_time: input.entry_time ?? null,
      duration_seconds: minutes * 60,
      calories_burned: calories,
      distance: input.distance ?? null,
      avg_heart_rate: input.avg_heart_rate ?? null,
      title: input.exercise_name ?? null,
      notes: input.notes ?? null,
      source: "manual",
      exercise_preset_entry_id: placement.sessionId ?? null,
      sort_order: placement.sortOrder ?? 0,
      superset_group: placement.supersetGroup ?? null,
    })}
    returning id`;
  await insertSets(tx, userId, row!.id, sets);
  return row!.id;
}

async function insertSets(
  tx: Tx,
  userId: string,
  entryId: string,
  sets: ReturnType<typeof toLoggedSetRows>,
) {
  // postgres.js takes its columns from the first row: sets with and without a number go apart.
  for (const kept of [true, false]) {
    const rows = sets
      .filter((s) => "numeric_id" in s === kept)
      .map((s) => ({ ...s, exercise_entry_id: entryId, user_id: userId }));
    if (rows.length) await tx`insert into exercise_entry_sets ${tx(rows)}`;
  }
}

/** Sets sent replace the entry's; a set sent with an id keeps it, if it is one of the entry's. */
async function replaceSets(tx: Tx, userId: string, entryId: string, sets: SetInput[]) {
  const old = await tx<{ numeric_id: string }[]>`
    delete from exercise_entry_sets where exercise_entry_id = ${entryId} returning numeric_id`;
  const known = new Set(old.map((s) => Number(s.numeric_id)));
  const unknown = sets.find((s) => s.id && !known.has(s.id));
  if (unknown) throw new HttpError(400, `Set ${unknown.id} is not one of this entry's sets.`);
  await insertSets(tx, userId, entryId, toLoggedSetRows(sets, true));
}

/**
 * Changes the fields sent; `sets`, when sent, replace the old ones (keeping the ids sent
 * back). False when not found.
 */
export async function updateEntry(
  tx: Tx,
  userId: string,
  id: string,
  input: EntryUpdate,
  placement: Omit<Placement, "id" | "sessionId"> = {},
) {
  const [current] = await tx<
    { id: string; entry_date: string; exercise_id: string; source: string }[]
  >`
    select id, to_char(entry_date, 'YYYY-MM-DD') as entry_date, exercise_id, source
      from exercise_entries where id = ${id} and user_id = ${userId} for update`;
  if (!current) return false;
  const changes: Record<string, unknown> = {};
  const exercise =
    input.exercise_id !== undefined ? await requireExercise(tx, userId, input.exercise_id) : null;
  if (exercise) changes.exercise_id = exercise.id;
  const copy = {
    entry_date: "entry_date",
    entry_time: "entry_time",
    distance: "distance",
  } as const;
  for (const [from, to] of Object.entries(copy))
    if (input[from as keyof typeof copy] !== undefined)
      changes[to] = input[from as keyof typeof copy];
  if (input.duration_minutes !== undefined)
    changes.duration_seconds = input.duration_minutes === null ? null : input.duration_minutes * 60;
  if (input.calories_burned !== undefined) changes.calories_burned = input.calories_burned;
  // A manual entry's new duration without calories (the app's live workout autosave) earns
  // the estimate a new entry would; a device's own figure stays. (SparkyFitness spells its
  // manual entries `Manual`.)
  else if (input.duration_minutes != null && current.source.toLowerCase() === "manual") {
    const { met } = exercise ?? (await requireExercise(tx, userId, current.exercise_id));
    const day = input.entry_date ?? current.entry_date;
    changes.calories_burned = estimateCalories(
      met,
      await latestWeightKg(tx, userId, day),
      input.duration_minutes,
    );
  }
  if (input.avg_heart_rate !== undefined) changes.avg_heart_rate = input.avg_heart_rate;
  if (input.notes !== undefined) changes.notes = input.notes;
  if (input.exercise_name !== undefined) changes.title = input.exercise_name;
  if (placement.sortOrder !== undefined) changes.sort_order = placement.sortOrder;
  if (placement.supersetGroup !== undefined) changes.superset_group = placement.supersetGroup;
  if (Object.keys(changes).length)
    await tx`update exercise_entries set ${tx(changes)}, updated_at = now() where id = ${id}`;
  if (input.sets !== undefined) await replaceSets(tx, userId, id, input.sets);
  return true;
}

export async function deleteEntry(tx: Tx, userId: string, id: string): Promise<boolean> {
  const rows =
    await tx`delete from exercise_entries where id = ${id} and user_id = ${userId} returning id`;
  return rows.length > 0;
}
