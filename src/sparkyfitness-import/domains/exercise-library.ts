import { insertNew } from "../run/copy-rows.ts";
import { userRows, type SourceRow, type TableImporter, type UserImport } from "../run/context.ts";
import { SOURCE } from "./trackers.ts";
import { modalityHere } from "../source/vocabulary.ts";
import { UPLOAD_PREFIX } from "../../exercises/exercise-body.ts";
import { copySourceFile } from "./files.ts";
import { existingIds } from "./foods.ts";

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
 * An exercise's images: a link stays a link; a file there is named relative to its
 * `uploads/exercises/` (`Bench_Press/1700000000000-photo.jpg`) and is copied to the user's
 * folder of exercise photos here. A missing file is left out and reported.
 */
async function exerciseImages(u: UserImport, images: string[], copy: boolean) {
  const kept: string[] = [];
  for (const image of images) {
    if (/^https?:\/\//i.test(image)) {
      kept.push(image);
      continue;
    }
    const relative = image.replace(/^\/?(uploads\/)?exercises\//, "").replace(/^\/+/, "");
    const here = await copySourceFile(
      u,
      "exercise image",
      UPLOAD_PREFIX + relative,
      `${UPLOAD_PREFIX}${u.userId}/${relative}`,
      copy,
    );
    if (here) kept.push(here);
  }
  return kept;
}

/** The columns an exercise is written with here (deferred-deletions.ts compares them). */
export const EXERCISE_COLUMNS_HERE = [
  "id",
  "user_id",
  "name",
  "modality",
  "category",
  "equipment",
  "primary_muscles",
  "secondary_muscles",
  "instructions",
  "images",
  "description",
  "force",
  "level",
  "mechanic",
  "met",
  "source",
  "source_id",
];

/**
 * One of the other server's exercises in this server's columns, with every detail (its id
 * is left to the caller: a shared one is copied for each person who used it).
 */
const exerciseRow = async (u: UserImport, x: SourceRow, copy = true) => ({
  user_id: u.userId,
  name: String(x.name),
  modality: modalityHere(x.modality, x.name),
  category: text(x.category),
  equipment: list(x.equipment),
  primary_muscles: list(x.primary_muscles),
  secondary_muscles: list(x.secondary_muscles),
  instructions: list(x.instructions),
  images: await exerciseImages(u, list(x.images), copy),
  description: text(x.description),
  force: text(x.force),
  level: text(x.level),
  mechanic: text(x.mechanic),
  met: metOf(x.calories_per_hour),
  source: SOURCE,
  source_id: String(x.id),
});

/**
 * Finds the user's exercise made for one of the other server's (by that exercise's id, else
 * by name), or makes it; returns its id.
 */
async function saveExercise(u: UserImport, x: SourceRow): Promise<string> {
  const [known] = await u.tx<{ id: string }[]>`
    select id from exercises
     where user_id = ${u.userId} and source = ${SOURCE} and source_id = ${String(x.id)}`;
  if (known) return known.id;
  const row = await exerciseRow(u, x);
  const [saved] = await u.tx<{ id: string }[]>`
    insert into exercises ${u.tx(row)}
    on conflict (user_id, name) do update set name = excluded.name
    returning id`;
  return saved!.id;
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

/**
 * The user's own exercises, with every detail, keep their ids, so a re-run brings each to
 * the source's current value (copy-rows.ts); one of the same name here is kept as it is.
 */
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
    const known = await existingIds(u, "exercises", rows);
    const mapped = [];
    for (const x of rows) mapped.push({ id: x.id, ...(await exerciseRow(u, x, !known.has(x.id))) });
    return insertNew(u, "exercises", mapped);
  },
};
