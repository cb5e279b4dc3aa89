import { z } from "zod";
import type { Tx } from "../db.ts";
import type { IdMap } from "./id-map.ts";
import type { Row } from "./read-rows.ts";
import type { TableShape } from "./table-shapes.ts";

/**
 * Rows every user shares (the built-in meal types, the shipped exercise catalogue) are
 * not in anyone's export and have other ids on another server. An export names each one
 * its rows point at by its natural key (a meal type's name; an exercise's catalogue key,
 * else its name); an import points those rows at this server's row with that key.
 */
export const SHARED_REFERENCES_PATH = "shared/references.json";

const referenceSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.string().nullable().optional(),
  source_id: z.string().nullable().optional(),
});
export const sharedReferencesSchema = z.record(z.string(), z.array(referenceSchema));
export type SharedReferences = z.infer<typeof sharedReferencesSchema>;
type SharedReference = z.infer<typeof referenceSchema>;

const SHARED_TABLES = new Set(["meal_types", "exercises"]);

/** The shared rows that the user's rows point at, by table, with their natural keys. */
export async function readSharedReferences(
  tx: Tx,
  shapes: TableShape[],
  rows: Map<string, Row[]>,
): Promise<SharedReferences> {
  const wanted = new Map<string, Set<string>>();
  for (const shape of shapes) {
    for (const [column, parent] of shape.references) {
      if (!SHARED_TABLES.has(parent)) continue;
      const ids = wanted.get(parent) ?? new Set<string>();
      for (const row of rows.get(shape.name) ?? []) {
        if (typeof row[column] === "string") ids.add(row[column]);
      }
      wanted.set(parent, ids);
    }
  }
  const mealTypes = [...(wanted.get("meal_types") ?? [])];
  const exercises = [...(wanted.get("exercises") ?? [])];
  return {
    meal_types: await tx<SharedReference[]>`
      select id::text as id, name from meal_types
      where user_id is null and id::text = any(${mealTypes}) order by id`,
    exercises: await tx<SharedReference[]>`
      select id::text as id, name, source, source_id from exercises
      where user_id is null and id::text = any(${exercises}) order by id`,
  };
}

/** Points every shared row the archive names at this server's row with its natural key. */
export async function mapSharedReferences(tx: Tx, shared: SharedReferences, ids: IdMap) {
  const mealTypes = shared.meal_types ?? [];
  const builtIn = await tx<{ id: string; key: string }[]>`
    select id::text as id, lower(name) as key from meal_types
    where user_id is null and lower(name) = any(${mealTypes.map((m) => m.name.toLowerCase())})`;
  for (const mealType of mealTypes) {
    const here = builtIn.find((b) => b.key === mealType.name.toLowerCase());
    if (here) ids.set("meal_types", mealType.id, here.id);
  }

  const exercises = shared.exercises ?? [];
  const catalogue = await tx<
    { id: string; source: string; source_id: string | null; key: string }[]
  >`
    select id::text as id, source, source_id, lower(name) as key from exercises
    where user_id is null
      and (source_id = any(${exercises.flatMap((e) => (e.source_id ? [e.source_id] : []))})
           or lower(name) = any(${exercises.map((e) => e.name.toLowerCase())}))`;
  for (const exercise of exercises) {
    const here =
      catalogue.find(
        (c) => !!c.source_id && c.source_id === exercise.source_id && c.source === exercise.source,
      ) ?? catalogue.find((c) => c.key === exercise.name.toLowerCase());
    if (here) ids.set("exercises", exercise.id, here.id);
  }
}
