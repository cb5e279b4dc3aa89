import { readBatched } from "../database/batched-reads.ts";
import type { Tx } from "../db.ts";
import type { NutrientTotals } from "./nutrients.ts";
import type { MealIntake, NutritionSource } from "./nutrition-source.ts";

// An entry keeps the nutrients of one serving (serving_size in serving_unit) as a snapshot;
// what was eaten is that times quantity / serving_size.
async function totals(tx: Tx, userId: string, start: string, end: string): Promise<MealIntake[]> {
  const rows = await readBatched<{ entry_date: string; meal_type: string } & NutrientTotals>(
    tx,
    tx`
    select f.entry_date, lower(coalesce(m.name, 'snacks')) as meal_type,
           sum(f.calories * f.quantity / f.serving_size) as calories,
           sum(f.protein * f.quantity / f.serving_size) as protein,
           sum(f.carbs * f.quantity / f.serving_size) as carbs,
           sum(f.fat * f.quantity / f.serving_size) as fat,
           sum(f.saturated_fat * f.quantity / f.serving_size) as saturated_fat,
           sum(f.polyunsaturated_fat * f.quantity / f.serving_size) as polyunsaturated_fat,
           sum(f.monounsaturated_fat * f.quantity / f.serving_size) as monounsaturated_fat,
           sum(f.trans_fat * f.quantity / f.serving_size) as trans_fat,
           sum(f.cholesterol * f.quantity / f.serving_size) as cholesterol,
           sum(f.sodium * f.quantity / f.serving_size) as sodium,
           sum(f.potassium * f.quantity / f.serving_size) as potassium,
           sum(f.dietary_fiber * f.quantity / f.serving_size) as dietary_fiber,
           sum(f.sugars * f.quantity / f.serving_size) as sugars,
           sum(f.vitamin_a * f.quantity / f.serving_size) as vitamin_a,
           sum(f.vitamin_c * f.quantity / f.serving_size) as vitamin_c,
           sum(f.calcium * f.quantity / f.serving_size) as calcium,
           sum(f.iron * f.quantity / f.serving_size) as iron
      from food_entries f left join meal_types m on m.id = f.meal_type_id
     where f.user_id = ${userId} and f.entry_date between ${start} and ${end}
     group by 1, 2`,
  );
  return rows.map(({ entry_date, meal_type, ...nutrients }) => ({
    entry_date,
    meal_type,
    nutrients,
  }));
}

/** Food logged in the diary. */
export const diaryNutrition: NutritionSource = totals;
