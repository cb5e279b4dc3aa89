import type { Tx } from "../db.ts";
import { searchPattern } from "../lib/search-text.ts";
import type { ExerciseData } from "./catalogue.ts";
import type { exerciseSchema } from "./exercise-schemas.ts";
import type { z } from "@hono/zod-openapi";

/** The Exercise shape the phone and web clients read (snake_case plus their camelCase flags). */
export type ExerciseView = z.infer<typeof exerciseSchema>;

// calories_per_hour is shown for a 70 kg person; entries use the user's own weight.
function exerciseColumns(tx: Tx) {
  return tx`
    x.id, x.name, x.category, x.modality, x.equipment, x.primary_muscles, x.secondary_muscles,
    x.met, round((coalesce(x.met, 0) * 70)::numeric)::float8 as calories_per_hour, x.source,
    x.source_id, x.images, x.tags, x.force, x.level, x.mechanic, x.instructions, x.description,
    x.user_id, x.user_id as "userId", (x.user_id is not null) as is_custom,
    (x.user_id is not null) as "isCustom", false as shared_with_public,
    false as "sharedWithPublic", x.created_at, x.updated_at`;
}

export type ExerciseSearch = {
  term?: string;
  muscle?: string;
  equipment?: string;
  category?: string;
  limit: number;
  offset: number;
};

/**
 * The catalogue and the user's own exercises matching every filter (not those hidden), the
 * ones the user logs most recently and most often first, then by name. Returns the page and
 * the total count.
 */
export async function searchExercises(tx: Tx, userId: string, q: ExerciseSearch) {
  const term = q.term?.trim() ? searchPattern(q.term.trim()) : null;
  const muscle = q.muscle?.trim().toLowerCase() || null;
  const equipment = q.equipment?.trim().toLowerCase() || null;
  const category = q.category?.trim().toLowerCase() || null;
  const rows = await tx<(ExerciseView & { total: number })[]>`
    with usage as (
      select exercise_id, count(*)::int as uses, max(entry_date) as last_used
        from exercise_entries where user_id = ${userId} group by exercise_id)
    select ${exerciseColumns(tx)}, coalesce(u.uses, 0) as usage_count,
           to_char(u.last_used, 'YYYY-MM-DD') as last_used, count(*) over ()::int as total
      from exercises x left join usage u on u.exercise_id = x.id
     where (x.user_id is null or x.user_id = ${userId}) and not x.is_hidden
       and (${term}::text is null or lower(x.name) like ${term})
       and (${muscle}::text is null or ${muscle} = any (x.primary_muscles)
            or ${muscle} = any (x.secondary_muscles))
       and (${equipment}::text is null or ${equipment} = any (x.equipment))
       and (${category}::text is null or lower(x.category) = ${category})
     order by u.last_used desc nulls last, u.uses desc nulls last, lower(x.name), x.id
     limit ${q.limit} offset ${q.offset}`;
  const total = rows[0]?.total ?? 0;
  return { exercises: rows.map(({ total: _t, ...row }) => row as ExerciseView), total };
}

/**
 * The exercises the user logged most recently and most often (the app's suggestions),
 * each list `limit` long.
 */
export async function listSuggestedExercises(tx: Tx, userId: string, limit: number) {
  const rows = await tx<(ExerciseView & { list: "recent" | "top" })[]>`
    with usage as (
      select exercise_id, count(*) as uses, max(entry_date) as last_day,
             max(created_at) as last_logged
        from exercise_entries where user_id = ${userId} group by exercise_id),
    ranked as (
      select u.*, row_number() over (order by last_day desc, last_logged desc) as recent_rank,
             row_number() over (order by uses desc, last_day desc) as top_rank
        from usage u)
    select ${exerciseColumns(tx)}, l.list
      from ranked r
      join exercises x on x.id = r.exercise_id
     cross join lateral (values ('recent', r.recent_rank), ('top', r.top_rank)) as l (list, rank)
     where l.rank <= ${limit} and not x.is_hidden
     order by l.list, l.rank`;
  const pick = (list: string) => rows.filter((r) => r.list === list).map(({ list: _l, ...x }) => x);
  return { recentExercises: pick("recent"), topExercises: pick("top") };
}

export async function getExercise(tx: Tx, userId: string, id: string) {
  const [row] = await tx<ExerciseView[]>`
    select ${exerciseColumns(tx)} from exercises x
     where x.id = ${id} and (x.user_id is null or x.user_id = ${userId})`;
  return row;
}

export type CustomExercise = Omit<ExerciseData, "source_id"> & { description: string | null };

export async function createCustomExercise(tx: Tx, userId: string, data: CustomExercise) {
  const [row] = await tx<{ id: string }[]>`
    insert into exercises ${tx({ ...data, user_id: userId, source: "custom" })}
    returning id`;
  return (await getExercise(tx, userId, row!.id))!;
}

/** Changes the user's own exercise; the catalogue's rows are never the user's to change. */
export async function updateCustomExercise(
  tx: Tx,
  userId: string,
  id: string,
  changes: Partial<CustomExercise>,
) {
  const fields = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const [row] = Object.keys(fields).length
    ? await tx<{ id: string }[]>`
        update exercises set ${tx(fields)}, updated_at = now()
         where id = ${id} and user_id = ${userId} returning id`
    : await tx<{ id: string }[]>`select id from exercises where id = ${id} and user_id = ${userId}`;
  return row ? getExercise(tx, userId, id) : undefined;
}

/** Adds stored photos to the user's own exercise. */
export async function addExerciseImages(tx: Tx, userId: string, id: string, paths: string[]) {
  if (paths.length === 0) return;
  await tx`update exercises set images = images || ${paths}::text[], updated_at = now()
            where id = ${id} and user_id = ${userId}`;
}

/**
 * 'missing', 'in_use' while entries, presets or records still name it, or the images the
 * deleted exercise had.
 */
export async function deleteCustomExercise(tx: Tx, userId: string, id: string) {
  const [row] = await tx<{ used: boolean; images: string[] }[]>`
    select exists (select 1 from exercise_entries where exercise_id = ${id})
        or exists (select 1 from workout_preset_exercises where exercise_id = ${id}) as used,
           images
      from exercises where id = ${id} and user_id = ${userId}`;
  if (!row) return "missing";
  if (row.used) return "in_use";
  await tx`delete from exercises where id = ${id} and user_id = ${userId}`;
  return { images: row.images };
}

/**
 * Upserts exercises from an imported catalogue file as the user's own, keyed by the file's
 * source and id, so importing the same file again updates rather than duplicates. A name
 * the user already has under another source is skipped (names are unique per user).
 */
export async function importExercises(
  tx: Tx,
  userId: string,
  source: string,
  items: ExerciseData[],
) {
  if (items.length === 0) return { imported: 0, skipped: 0 };
  const rows = items.map((item) => ({
    description: null,
    images: [],
    ...item,
    user_id: userId,
    source,
  }));
  const saved = await tx<{ id: string }[]>`
    insert into exercises ${tx(rows, "user_id", "name", "category", "modality", "primary_muscles", "secondary_muscles", "equipment", "met", "level", "mechanic", "force", "instructions", "description", "images", "source", "source_id")}
    on conflict do nothing
    returning id`;
  return { imported: saved.length, skipped: items.length - saved.length };
}

/** The user's exercise an import of `item` left: the one from that source, else the same name. */
export async function findImportedExercise(
  tx: Tx,
  userId: string,
  source: string,
  item: { source_id: string; name: string },
) {
  const [row] = await tx<{ id: string }[]>`
    select id from exercises
     where user_id = ${userId}
       and ((source = ${source} and source_id = ${item.source_id}) or lower(name) = lower(${item.name}))
     order by source = ${source} and source_id = ${item.source_id} desc
     limit 1`;
  return row!.id;
}

/** The exercise a name means: an exact match (the user's own first), else the closest one containing it. */
export async function findExerciseByName(tx: Tx, userId: string, name: string) {
  const [row] = await tx<{ id: string; name: string }[]>`
    select id, name from exercises
     where (user_id is null or user_id = ${userId}) and lower(name) like ${searchPattern(name)}
     order by lower(name) = lower(${name}) desc, user_id is null, length(name), name
     limit 1`;
  return row;
}
