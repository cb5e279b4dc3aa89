import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { listEntriesOfGroups } from "../workouts/read-queries.ts";
import { createManualEntry, updateEntry } from "./entry-queries.ts";
import { getPreset } from "./preset-queries.ts";
import type { SessionInput, SessionUpdate } from "./preset-schemas.ts";
import { detectRecords } from "./records.ts";
import { listSessionsByIds, sessionView } from "./session-view.ts";

type SessionExercises = NonNullable<SessionInput["exercises"]>;

/** A logged session with its entries, as the clients read it. */
export async function getSession(tx: Tx, userId: string, id: string) {
  const [session] = await listSessionsByIds(tx, userId, [id]);
  if (!session) return undefined;
  const entries = await listEntriesOfGroups(tx, userId, [id]);
  return sessionView(session, entries);
}

const placementOf = (sessionId: string, exercise: SessionExercises[number], i: number) => ({
  sessionId,
  sortOrder: exercise.sort_order ?? i,
  supersetGroup: exercise.superset_group ?? null,
});

/**
 * Writes a session's exercises: an entry the session already has (the app sends back the
 * uuid it minted) is changed in place, keeping its id and its sets' ids; any other is
 * created, with the id sent when there is one.
 */
async function writeEntries(
  tx: Tx,
  userId: string,
  sessionId: string,
  day: string,
  exercises: SessionExercises,
  existing: Set<string> = new Set(),
) {
  for (const [i, exercise] of exercises.entries()) {
    const input = { ...exercise, entry_date: day };
    const placement = placementOf(sessionId, exercise, i);
    let entryId = exercise.id;
    if (entryId && existing.has(entryId)) await updateEntry(tx, userId, entryId, input, placement);
    else entryId = await createManualEntry(tx, userId, input, { ...placement, id: entryId });
    await detectRecords(tx, userId, entryId);
  }
}

/**
 * Logs a session: the exercises sent, or a preset's exercises and planned sets when only
 * `workout_preset_id` is given (starting a preset into the diary in one call).
 */
export async function createSession(tx: Tx, userId: string, input: SessionInput) {
  let exercises = input.exercises;
  let name = input.name;
  if (input.workout_preset_id) {
    const preset = await getPreset(tx, userId, input.workout_preset_id);
    if (!preset) throw new HttpError(400, "workout_preset_id does not name one of your presets.");
    name ??= preset.name;
    exercises ??= preset.exercises.map((e) => ({ exercise_id: e.exercise_id, sets: e.sets }));
  }
  if (!name) throw new HttpError(400, "name is required when no workout_preset_id is given.");
  const [row] = await tx<{ id: string }[]>`
    insert into exercise_preset_entries ${tx({
      user_id: userId,
      workout_preset_id: input.workout_preset_id ?? null,
      name,
      description: input.description ?? null,
      notes: input.notes ?? null,
      entry_date: input.entry_date,
      source: input.source ?? "manual",
    })}
    returning id`;
  await writeEntries(tx, userId, row!.id, input.entry_date, exercises ?? []);
  return (await getSession(tx, userId, row!.id))!;
}

/** Changes the fields sent; `exercises`, when sent, replace the session's entries. */
export async function updateSession(tx: Tx, userId: string, id: string, input: SessionUpdate) {
  const { exercises, ...fields } = input;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const [row] = await tx<{ id: string; entry_date: string }[]>`
    update exercise_preset_entries set ${tx({ ...defined, updated_at: new Date() })}
     where id = ${id} and user_id = ${userId}
    returning id, to_char(entry_date, 'YYYY-MM-DD') as entry_date`;
  if (!row) return undefined;
  if (exercises !== undefined) {
    const kept = exercises.flatMap((e) => (e.id ? [e.id] : []));
    await tx`delete from exercise_entries
              where exercise_preset_entry_id = ${id} and not (id = any (${kept}::uuid[]))`;
    const existing = await tx<{ id: string }[]>`
      select id from exercise_entries where exercise_preset_entry_id = ${id}`;
    await writeEntries(
      tx,
      userId,
      id,
      row.entry_date,
      exercises,
      new Set(existing.map((e) => e.id)),
    );
  } else if (input.entry_date !== undefined) {
    await tx`update exercise_entries set entry_date = ${input.entry_date}, updated_at = now()
              where exercise_preset_entry_id = ${id}`;
  }
  return getSession(tx, userId, id);
}

export async function deleteSession(tx: Tx, userId: string, id: string) {
  const rows = await tx`
    delete from exercise_preset_entries where id = ${id} and user_id = ${userId} returning id`;
  return rows.length > 0;
}
