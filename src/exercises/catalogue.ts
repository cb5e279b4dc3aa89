import type { Database } from "../db.ts";
import catalogue from "./catalogue.json";
import type { Modality } from "../workouts/activity-types.ts";

/** One exercise as stored: the catalogue's rows and imported catalogues both become this. */
export type ExerciseData = {
  name: string;
  category: string | null;
  modality: Modality;
  primary_muscles: string[];
  secondary_muscles: string[];
  equipment: string[];
  met: number | null;
  level: string | null;
  mechanic: string | null;
  force: string | null;
  instructions: string[];
  description?: string | null;
  images?: string[];
  source_id: string;
};

const list = (value: string) => (value ? value.split(",").map((s) => s.trim()) : []);
const orNull = (value: string) => (value === "" ? null : value);

/** A stable key for a catalogue row: entries and presets keep pointing at the same row. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

type Row = [string, string, string, string, string, string, number, string, string, string, string];

/** The catalogue shipped in the binary (src/exercises/catalogue.json). */
export const CATALOGUE: readonly ExerciseData[] = (catalogue.rows as Row[]).map(
  ([
    name,
    category,
    modality,
    primary,
    secondary,
    equipment,
    met,
    level,
    mechanic,
    force,
    steps,
  ]) => ({
    name,
    category,
    modality: modality as Modality,
    primary_muscles: list(primary),
    secondary_muscles: list(secondary),
    equipment: list(equipment),
    met,
    level: orNull(level),
    mechanic: orNull(mechanic),
    force: orNull(force),
    instructions: steps.split("|"),
    source_id: slugOf(name),
  }),
);

const installed = new WeakMap<Database, Promise<void>>();

/**
 * Writes the catalogue into `exercises` (user_id null) once per process and database, with
 * the owner connection: the application role may read these rows but never write them.
 * Upserted by slug, so an upgraded binary updates its rows in place and ids stay.
 */
export function ensureCatalogue(db: Database): Promise<void> {
  let done = installed.get(db);
  if (!done) {
    done = installCatalogue(db).catch((error) => {
      installed.delete(db);
      throw error;
    });
    installed.set(db, done);
  }
  return done;
}

async function installCatalogue(db: Database): Promise<void> {
  const rows = CATALOGUE.map((e) => ({
    ...e,
    user_id: null,
    source: "catalogue",
    description: null,
    images: [],
  }));
  await db.owner`
    insert into exercises ${db.owner(rows, "user_id", "name", "category", "modality", "primary_muscles", "secondary_muscles", "equipment", "met", "level", "mechanic", "force", "instructions", "description", "images", "source", "source_id")}
    on conflict (source_id) where user_id is null and source = 'catalogue' do update set
      name = excluded.name, category = excluded.category, modality = excluded.modality,
      primary_muscles = excluded.primary_muscles, secondary_muscles = excluded.secondary_muscles,
      equipment = excluded.equipment, met = excluded.met, level = excluded.level,
      mechanic = excluded.mechanic, force = excluded.force, instructions = excluded.instructions,
      updated_at = now()
    where (exercises.name, exercises.category, exercises.modality, exercises.primary_muscles,
           exercises.secondary_muscles, exercises.equipment, exercises.met, exercises.level,
           exercises.mechanic, exercises.force, exercises.instructions)
      is distinct from (excluded.name, excluded.category, excluded.modality,
           excluded.primary_muscles, excluded.secondary_muscles, excluded.equipment,
           excluded.met, excluded.level, excluded.mechanic, excluded.force, excluded.instructions)`;
}
