import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { searchPattern } from "../lib/search-text.ts";
import { isUuid } from "../http/path-params.ts";
import { toSetRows } from "./entry-queries.ts";
import type { PresetInput, PresetUpdate } from "./preset-schemas.ts";

export type PresetView = Record<string, unknown> & {
  id: string;
  name: string;
  exercises: { exercise_id: string; sets: ReturnType<typeof toSetRows> }[];
};

// Presets are never shared beyond family access here: is_public is always false. The app
// keys planned sets by a number, their place in the preset's exercise.
function presetColumns(tx: Tx) {
  return tx`
    p.id, p.user_id, p.name, p.description, false as is_public, p.created_at, p.updated_at,
    coalesce((select json_agg(json_build_object(
                'id', pe.id, 'exercise_id', pe.exercise_id, 'exercise_name', x.name,
                'category', x.category, 'image_url', x.images[1], 'modality', x.modality,
                'sort_order', pe.sort_order, 'superset_group', pe.superset_group,
                'notes', pe.notes, 'sets', ${plannedSets(tx)})
              order by pe.sort_order, pe.id)
                from workout_preset_exercises pe left join exercises x on x.id = pe.exercise_id
               where pe.workout_preset_id = p.id), '[]') as exercises`;
}

function plannedSets(tx: Tx) {
  return tx`(select coalesce(jsonb_agg(s.set || jsonb_build_object(
                 'id', s.n,
                 'duration', round((s.set ->> 'duration_seconds')::numeric)::int,
                 'rest_time', (s.set ->> 'rest_time_seconds')::float8) order by s.n), '[]')
               from jsonb_array_elements(pe.sets) with ordinality as s (set, n))`;
}

export async function listPresets(
  tx: Tx,
  userId: string,
  q: { term: string | null; limit: number; offset: number },
) {
  const pattern = q.term ? searchPattern(q.term) : null;
  const rows = await tx<(PresetView & { total: number })[]>`
    select ${presetColumns(tx)}, count(*) over ()::int as total from workout_presets p
     where p.user_id = ${userId} and (${pattern}::text is null or lower(p.name) like ${pattern})
     order by lower(p.name), p.id limit ${q.limit} offset ${q.offset}`;
  return {
    presets: rows.map(({ total: _t, ...p }) => p as PresetView),
    total: rows[0]?.total ?? 0,
  };
}

export async function getPreset(tx: Tx, userId: string, id: string) {
  const [row] = await tx<PresetView[]>`
    select ${presetColumns(tx)} from workout_presets p where p.id = ${id} and p.user_id = ${userId}`;
  return row;
}

/** A 400 unless every id names an exercise the user may use (catalogue or own). */
export async function requireExercises(tx: Tx, userId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const valid = unique.every(isUuid);
  const [row] = valid
    ? await tx<{ n: number }[]>`
        select count(*)::int as n from exercises
         where id = any (${unique}::uuid[]) and (user_id is null or user_id = ${userId})`
    : [{ n: -1 }];
  if (row!.n !== unique.length)
    throw new HttpError(400, "exercise_id does not name an exercise of the library.");
}

async function writeExercises(
  tx: Tx,
  userId: string,
  presetId: string,
  exercises: PresetInput["exercises"],
) {
  await requireExercises(
    tx,
    userId,
    exercises.map((e) => e.exercise_id),
  );
  await tx`delete from workout_preset_exercises where workout_preset_id = ${presetId}`;
  if (exercises.length === 0) return;
  const rows = exercises.map((e, i) => ({
    workout_preset_id: presetId,
    user_id: userId,
    exercise_id: e.exercise_id,
    sort_order: e.sort_order ?? i,
    superset_group: e.superset_group ?? null,
    notes: e.notes ?? null,
    sets: tx.json(toSetRows(e.sets)),
  }));
  await tx`insert into workout_preset_exercises ${tx(rows)}`;
}

export async function createPreset(tx: Tx, userId: string, input: PresetInput) {
  const [row] = await tx<{ id: string }[]>`
    insert into workout_presets (user_id, name, description)
    values (${userId}, ${input.name}, ${input.description ?? null}) returning id`;
  await writeExercises(tx, userId, row!.id, input.exercises);
  return (await getPreset(tx, userId, row!.id))!;
}

export async function updatePreset(tx: Tx, userId: string, id: string, input: PresetUpdate) {
  const fields: Record<string, unknown> = {};
  if (input.name !== undefined) fields.name = input.name;
  if (input.description !== undefined) fields.description = input.description;
  const [row] = await tx<{ id: string }[]>`
    update workout_presets set ${tx({ ...fields, updated_at: new Date() })}
     where id = ${id} and user_id = ${userId} returning id`;
  if (!row) return undefined;
  if (input.exercises !== undefined) await writeExercises(tx, userId, id, input.exercises);
  return getPreset(tx, userId, id);
}

export async function deletePreset(tx: Tx, userId: string, id: string) {
  const rows =
    await tx`delete from workout_presets where id = ${id} and user_id = ${userId} returning id`;
  return rows.length > 0;
}
