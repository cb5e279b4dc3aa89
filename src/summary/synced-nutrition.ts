import type { Tx } from "../db.ts";
import type { MealIntake, NutritionItem, NutritionSource } from "./nutrition.ts";

type SyncedRow = {
  id: string;
  entry_date: string;
  meal_type: string | null;
  food_name: string | null;
  calories: number | null;
  protein_g: number | null;
  carbs_g: number | null;
  fat_g: number | null;
  source: string;
};

async function items(tx: Tx, userId: string, start: string, end: string): Promise<NutritionItem[]> {
  const rows = await tx<SyncedRow[]>`
    select id, entry_date, meal_type, food_name, calories, protein_g, carbs_g, fat_g, source
      from nutrition_sync_entries
     where user_id = ${userId} and entry_date between ${start} and ${end}
     order by entry_date, logged_at nulls first`;
  return rows.map((r) => {
    const meal_type = (r.meal_type ?? "snacks").toLowerCase();
    const nutrients = {
      calories: r.calories ?? 0,
      protein: r.protein_g ?? 0,
      carbs: r.carbs_g ?? 0,
      fat: r.fat_g ?? 0,
    };
    // One serving of what the phone recorded, in the phone app's FoodEntry shape.
    const entry = {
      id: r.id,
      meal_type,
      quantity: 1,
      unit: "serving",
      food_name: r.food_name ?? "Synced food",
      entry_date: r.entry_date,
      serving_size: 1,
      ...nutrients,
      source: r.source,
    };
    return { entry_date: r.entry_date, meal_type, nutrients, entry };
  });
}

async function totals(tx: Tx, userId: string, start: string, end: string): Promise<MealIntake[]> {
  const rows = await tx<
    {
      entry_date: string;
      meal_type: string;
      calories: number;
      protein: number;
      carbs: number;
      fat: number;
    }[]
  >`
    select entry_date, lower(coalesce(meal_type, 'snacks')) as meal_type,
           coalesce(sum(calories), 0) as calories, coalesce(sum(protein_g), 0) as protein,
           coalesce(sum(carbs_g), 0) as carbs, coalesce(sum(fat_g), 0) as fat
      from nutrition_sync_entries
     where user_id = ${userId} and entry_date between ${start} and ${end}
     group by 1, 2`;
  return rows.map(({ entry_date, meal_type, ...nutrients }) => ({
    entry_date,
    meal_type,
    nutrients,
  }));
}

/** Food eaten as a phone's health store recorded it (health-data `Nutrition` records). */
export const syncedNutrition: NutritionSource = { items, totals };
