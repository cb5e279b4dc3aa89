import type { PendingQuery, Row } from "postgres";
import { readBatched } from "../database/batched-reads.ts";
import type { Tx } from "../db.ts";
import { NUTRIENTS, type Nutrient, type NutrientTotals } from "./nutrients.ts";
import type { MealIntake, NutritionSource } from "./nutrition-source.ts";

/** A nutrient's column in nutrition_sync_entries: protein, carbs and fat predate the rest as *_g. */
export const syncedNutrientColumn = (n: Nutrient) =>
  n === "protein" || n === "carbs" || n === "fat" ? `${n}_g` : n;

/** One select-list item per nutrient, named as the nutrient. */
type Fragment = PendingQuery<Row[]>;
function perNutrient(tx: Tx, item: (column: Fragment) => Fragment) {
  return NUTRIENTS.map((n) => tx`${item(tx`${tx(syncedNutrientColumn(n))}`)} as ${tx(n)}`).reduce(
    (all, next) => tx`${all}, ${next}`,
  );
}

async function totals(tx: Tx, userId: string, start: string, end: string): Promise<MealIntake[]> {
  const rows = await readBatched<{ entry_date: string; meal_type: string } & NutrientTotals>(
    tx,
    tx`
    select entry_date, lower(coalesce(meal_type, 'snacks')) as meal_type,
           ${perNutrient(tx, (column) => tx`coalesce(sum(${column}), 0)`)}
      from nutrition_sync_entries
     where user_id = ${userId} and entry_date between ${start} and ${end}
     group by 1, 2`,
  );
  return rows.map(({ entry_date, meal_type, ...nutrients }) => ({
    entry_date,
    meal_type,
    nutrients,
  }));
}

/** Food eaten as a phone's health store recorded it (health-data `Nutrition` records). */
export const syncedNutrition: NutritionSource = totals;
