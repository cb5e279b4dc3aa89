import { HttpError } from "../errors.ts";
import { modalityOf, type Modality } from "../workouts/activity-types.ts";
import { slugOf, type ExerciseData } from "./catalogue.ts";

/**
 * Reading exercise catalogues in the free-exercise-db and wger JSON formats, and the
 * exercises Nutritionix reads from a sentence.
 */
export const EXTERNAL_EXERCISE_FORMATS = ["wger", "free-exercise-db", "nutritionix"] as const;
export type ExternalExerciseFormat = (typeof EXTERNAL_EXERCISE_FORMATS)[number];

export const MAX_IMPORTED_EXERCISES = 5000;
// Typical METs when a file carries none (Compendium of Physical Activities, rounded).
const DEFAULT_MET: Record<string, number> = { cardio: 7, stretching: 2.5, plyometrics: 8 };
const WGER_ENGLISH = 2;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
const strings = (v: unknown) =>
  Array.isArray(v)
    ? v.map((s) => str(isObject(s) ? (s.name_en ?? s.name) : s)).filter((s) => s !== null)
    : [];
const lower = (values: string[]) => values.map((v) => v.toLowerCase());

/** Which format a parsed file is in and its exercises; a 400 for anything else. */
export function readCatalogueFile(body: unknown): { source: string; items: ExerciseData[] } {
  const list = Array.isArray(body)
    ? body
    : isObject(body) && Array.isArray(body.results)
      ? body.results
      : null;
  if (!list)
    throw new HttpError(400, "Expected a free-exercise-db array or a wger object with results.");
  if (list.length > MAX_IMPORTED_EXERCISES)
    throw new HttpError(400, `At most ${MAX_IMPORTED_EXERCISES} exercises per import.`);
  const wger = !Array.isArray(body);
  const items = list.map((item, i) => {
    if (!isObject(item)) throw new HttpError(400, `Exercise ${i + 1} is not an object.`);
    const read = wger ? fromWger(item) : fromFreeExerciseDb(item);
    if (!read) throw new HttpError(400, `Exercise ${i + 1} has no name.`);
    return read;
  });
  return { source: wger ? "wger" : "free-exercise-db", items };
}

function modality(category: string | null, name: string): Modality {
  if (category === "cardio") return modalityOf(name) === "distance" ? "distance" : "duration";
  if (category === "stretching") return "duration";
  return "strength";
}

function build(
  name: string,
  category: string | null,
  id: string | null,
  rest: Partial<ExerciseData>,
) {
  const cat = category?.toLowerCase() ?? null;
  return {
    name: name.slice(0, 255),
    category: cat,
    modality: modality(cat, name),
    primary_muscles: [],
    secondary_muscles: [],
    equipment: [],
    met: DEFAULT_MET[cat ?? ""] ?? 5,
    level: null,
    mechanic: null,
    force: null,
    instructions: [],
    images: [],
    description: null,
    ...rest,
    source_id: id ?? slugOf(name),
  } satisfies ExerciseData;
}

/** One item of an exercise database as the library keeps it; null when it has no name. */
export function readExternalItem(format: ExternalExerciseFormat, item: Json) {
  if (format === "nutritionix") return fromNutritionix(item);
  return format === "wger" ? fromWger(item) : fromFreeExerciseDb(item);
}

// https://github.com/yuhonas/free-exercise-db: flat objects with camelCase muscle lists.
function fromFreeExerciseDb(item: Json): ExerciseData | null {
  const name = str(item.name);
  if (!name) return null;
  const equipment = str(item.equipment);
  return build(name, str(item.category), str(item.id), {
    primary_muscles: lower(strings(item.primaryMuscles)),
    secondary_muscles: lower(strings(item.secondaryMuscles)),
    equipment: equipment ? [equipment.toLowerCase()] : [],
    level: str(item.level),
    mechanic: str(item.mechanic),
    force: str(item.force),
    instructions: strings(item.instructions),
    images: strings(item.images),
  });
}

// wger's /exerciseinfo answers: names in translations (or a flat name), nested muscles.
function fromWger(item: Json): ExerciseData | null {
  const translations = Array.isArray(item.translations) ? item.translations.filter(isObject) : [];
  const english = translations.find((t) => t.language === WGER_ENGLISH) ?? translations[0];
  const name = str(item.name) ?? str(english?.name);
  if (!name) return null;
  const category = isObject(item.category) ? str(item.category.name) : str(item.category);
  const description = str(item.description) ?? str(english?.description);
  return build(name, category, item.id === undefined ? null : String(item.id), {
    primary_muscles: lower(strings(item.muscles)),
    secondary_muscles: lower(strings(item.muscles_secondary)),
    equipment: lower(strings(item.equipment)),
    description: description ? plainText(description) : null,
    instructions: description ? steps(description) : [],
    // Image links as strings: the exercise database client resolves wger's {image} objects.
    images: strings(item.images),
  });
}

// POST /v2/natural/exercise: an activity of the Compendium with its MET, no category, no
// muscles. Its canonical name ("running", capitalised as the library writes names) is its
// id: the endpoint reads it back. The modality follows the name, as for a synced workout's.
function fromNutritionix(item: Json): ExerciseData | null {
  const canonical = str(item.name) ?? str(item.user_input);
  if (!canonical) return null;
  const name = canonical[0]!.toUpperCase() + canonical.slice(1);
  const met = typeof item.met === "number" && item.met > 0 && item.met < 30 ? item.met : null;
  const photo = isObject(item.photo) ? item.photo : {};
  const description = str(item.description) ?? str(item.benefits);
  return build(name, null, name, {
    modality: modalityOf(name),
    ...(met ? { met } : {}),
    description,
    images: [str(photo.highres) ?? str(photo.thumb)].filter((url) => url !== null),
  });
}

const plainText = (html: string) => html.replace(/<[^>]*>/g, "").trim();
// wger describes an exercise in HTML, often a list: one step per item or line.
const steps = (html: string) =>
  html
    .replace(/<li>/g, "\n")
    .replace(/<[^>]*>/g, "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
