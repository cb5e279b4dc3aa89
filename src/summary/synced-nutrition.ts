import type { PendingQuery, Row } from "postgres";
import { readBatched } from "../database/batched-reads.ts";
import type { Tx } from "../db.ts";
import { NUTRIENTS, type Nutrient, type NutrientTotals } from "./nutrients.ts";
import type { MealIntake, NutritionItem, NutritionSource } from "./nutrition.ts";

type SyncedRow = {
  id: string;
  entry_date: string;
  meal_type: string | null;
  food_name: string | null;
  source: string;
} & Record<keyof NutrientTotals, number | null>;

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

async function items(tx: Tx, userId: string, start: string, end: string): Promise<NutritionItem[]> {
  const rows = await readBatched<SyncedRow>(
    tx,
    tx`
    select id, entry_date, meal_type, food_name, source,
           ${perNutrient(tx, (column) => column)}
      from nutrition_sync_entries
     where user_id = ${userId} and entry_date between ${start} and ${end}
     order by entry_date, logged_at nulls first`,
  );
  return rows.map((r) => {
    const meal_type = (r.meal_type ?? "snacks").toLowerCase();
    const nutrients: Partial<NutrientTotals> = {};
    for (const n of NUTRIENTS) if (r[n] !== null) nutrients[n] = r[n];
    // One serving of what the phone recorded, in the phone app's FoodEntry shape; the four
    // totals the app always shows are numbers, the other nutrients only when sent.
    const entry = {
      id: r.id,
      meal_type,
      quantity: 1,
      unit: "serving",
      food_name: r.food_name ?? "Synced food",
      entry_date: r.entry_date,
      serving_size: 1,
      calories: 0,
      protein: 0,
      carbs: 0,
      fat: 0,
      ...nutrients,
      source: r.source,
    };
    return { entry_date: r.entry_date, meal_type, nutrients, entry };
  });
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
export const syncedNutrition: NutritionSource = { items, totals };
