import type { Context } from "hono";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { asCaller } from "../http/route-kit.ts";
import { exerciseDatabaseClient } from "../providers/exercise-search.ts";
import { readExternalItem, type ExternalExerciseFormat } from "./catalogue-import.ts";
import type { Modality } from "../workouts/activity-types.ts";
import type { ExerciseData } from "./catalogue.ts";
import { findImportedExercise, getExercise, importExercises } from "./exercise-queries.ts";

/** Searching the exercise databases (wger, free-exercise-db, Nutritionix) and adding their exercises. */

// The phone app's words for how an exercise is measured.
const APP_MODALITY: Record<Modality, string> = {
  strength: "weight_reps",
  reps_only: "reps_only",
  duration: "duration",
  distance: "duration_distance",
};

/** An exercise database's item in the app's search shape (ExternalExerciseSearchItem). */
function searchItem(source: string, x: ExerciseData) {
  return {
    id: x.source_id,
    name: x.name,
    source,
    category: x.category,
    modality: APP_MODALITY[x.modality],
    // As the library shows it: for a 70 kg person.
    calories_per_hour: x.met === null ? null : Math.round(x.met * 70),
    ...(x.description ? { description: x.description } : {}),
    force: x.force,
    level: x.level,
    mechanic: x.mechanic,
    equipment: x.equipment,
    primary_muscles: x.primary_muscles,
    secondary_muscles: x.secondary_muscles,
    instructions: x.instructions,
    images: x.images ?? [],
  };
}

export async function searchExerciseDatabase(
  c: Context<AppEnv>,
  q: { providerType: string; providerId?: string; query: string; page: number; pageSize: number },
) {
  const client = await exerciseDatabaseClient(c.var, q.providerType, q.providerId);
  const found = await client.search(q.query, q.page, q.pageSize);
  const items = found.items.flatMap((item) => {
    const read = readExternalItem(client.format, item);
    return read ? [searchItem(client.format, read)] : [];
  });
  return {
    items,
    pagination: {
      page: q.page,
      pageSize: q.pageSize,
      totalCount: found.totalCount,
      hasMore: q.page * q.pageSize < found.totalCount,
    },
  };
}

/**
 * Adds one exercise of a database to the user's library, or answers the one already there
 * (added before, or the user's own of the same name).
 */
export async function addFromExerciseDatabase(
  c: Context<AppEnv>,
  providerType: ExternalExerciseFormat,
  externalId: string,
  providerId?: string,
) {
  const client = await exerciseDatabaseClient(c.var, providerType, providerId);
  const item = await client.details(externalId);
  const read = item && readExternalItem(client.format, item);
  if (!read) throw new HttpError(404, `${providerType} has no exercise with id ${externalId}.`);
  return asCaller(c, async (tx, u) => {
    await importExercises(tx, u, client.format, [read]);
    const id = await findImportedExercise(tx, u, client.format, read);
    return (await getExercise(tx, u, id))!;
  });
}
