import { userRows, type SourceRow, type TableImporter, type UserImport } from "./context.ts";
import { SOURCE } from "./trackers.ts";
import { modalityHere } from "./vocabulary.ts";

const EXERCISE_COLUMNS = [
  "id",
  "name",
  "category",
  "modality",
  "user_id",
  "equipment",
  "primary_muscles",
  "secondary_muscles",
  "instructions",
  "images",
  "description",
  "force",
  "level",
  "mechanic",
  "calories_per_hour",
];

// That server states energy as kcal per hour; here it is MET (kcal per kg per hour), shown
// as kcal per hour for 70 kg, so the figure reads the same.
const REFERENCE_KG = 70;
const metOf = (perHour: unknown) => {
  const met = Number(perHour) / REFERENCE_KG;
  return perHour !== null && met > 0 && met < 30 ? met : null;
};

/** That server keeps lists as JSON text ('["barbell"]'), sometimes as plain comma lists. */
function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== "string" || value.trim() === "") return [];
  try {
    return list(JSON.parse(value));
  } catch {
    return value
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean);
  }
}

const text = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;

/**
 * Makes (or finds by name) the user's exercise for one of the other server's, with its
 * modality, category, equipment, muscles, level and the other details; returns its id.
 */
async function saveExercise(u: UserImport, x: SourceRow): Promise<string> {
  const [row] = await u.tx<{ id: string }[]>`
    insert into exercises (user_id, name, modality, category, equipment, primary_muscles,
                           secondary_muscles, instructions, images, description, force, level,
                           mechanic, met, source, source_id)
    values (${u.userId}, ${x.name}, ${modalityHere(x.modality, x.name)}, ${text(x.category)},
            ${list(x.equipment)}, ${list(x.primary_muscles)}, ${list(x.secondary_muscles)},
            ${list(x.instructions)}, ${list(x.images)}, ${text(x.description)}, ${text(x.force)},
            ${text(x.level)}, ${text(x.mechanic)}, ${metOf(x.calories_per_hour)}, ${SOURCE}, ${x.id})
    on conflict (user_id, name) do update set name = excluded.name
    returning id`;
  return row!.id;
}

/**
 * This server's exercise for one of the other server's: the user's own come over as
 * custom ones; a shared one maps to the catalogue entry of the same name, else to a
 * custom exercise made for it. Null when the exercise is gone.
 */
export async function exerciseHere(u: UserImport, sourceId: string): Promise<string | null> {
  const [x] = await u.src<SourceRow[]>`
    select ${u.src(EXERCISE_COLUMNS)} from public.exercises where id = ${sourceId}`;
  if (!x) return null;
  if (x.user_id === null) {
    const [catalogue] = await u.tx<{ id: string }[]>`
      select id from exercises where user_id is null and lower(name) = lower(${x.name}) limit 1`;
    if (catalogue) return catalogue.id;
  }
  return saveExercise(u, x);
}

/** The user's own exercises, with every detail; one of the same name here is kept as it is. */
export const customExercises: TableImporter = {
  table: "exercises",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceRow[]>`
        select ${u.src(EXERCISE_COLUMNS)} from public.exercises
         where user_id = ${u.userId} order by created_at, id`,
      "public.exercises",
    );
    const [before] = await u.tx<{ n: number }[]>`
      select count(*)::int as n from exercises where user_id = ${u.userId}`;
    for (const x of rows) await saveExercise(u, x);
    const [after] = await u.tx<{ n: number }[]>`
      select count(*)::int as n from exercises where user_id = ${u.userId}`;
    const written = after!.n - before!.n;
    return { read: rows.length, written, skipped: rows.length - written };
  },
};
