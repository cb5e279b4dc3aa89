import { underBase, type ProviderHttp } from "./provider-fetch.ts";
import type { ExerciseProviderClient } from "./types.ts";

/**
 * Nutritionix as an exercise database: its natural-language exercise endpoint
 * (POST /v2/natural/exercise {query}) reads "30 min yoga, ran 3 miles" into one exercise per
 * activity: {tag_id, user_input, name, duration_min, met, nf_calories, compendium_code,
 * photo: {thumb, highres}, description, benefits}. There is no lookup by id, so an
 * exercise's id is its canonical name, which the same endpoint reads back to that exercise.
 */
export function createNutritionixExercises(
  http: ProviderHttp,
  base: string,
  headers: Record<string, string>,
): ExerciseProviderClient {
  // Nothing matched is a 404 ("We couldn't match any of your exercises"): no exercises.
  const read = async (query: string) => {
    const body = await http.json<{ exercises?: Record<string, unknown>[] }>(
      underBase(base, "/v2/natural/exercise"),
      { method: "POST", headers, json: { query }, notFoundIsNull: true },
    );
    return Array.isArray(body?.exercises) ? body.exercises : [];
  };
  return {
    format: "nutritionix",
    async search(query, page, pageSize) {
      const all = await read(query);
      return { items: all.slice((page - 1) * pageSize, page * pageSize), totalCount: all.length };
    },
    async details(name) {
      const named = (item: Record<string, unknown>) =>
        String(item.name ?? "").toLowerCase() === name.toLowerCase();
      return (await read(name)).find(named) ?? null;
    },
  };
}
