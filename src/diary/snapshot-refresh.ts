import { z } from "@hono/zod-openapi";
import type { Tx } from "../db.ts";

export const snapshotRefreshSchema = z
  .object({
    foodId: z.uuid({ error: "must be a food id" }),
    variantId: z.uuid({ error: "must be a variant id" }).nullish(),
    syncImages: z.boolean().optional(),
  })
  .openapi("SnapshotRefresh");

/**
 * The opt-in refresh of past entries after a food was edited: name, brand, serving and
 * nutrients are copied again from the food and each entry's variant. With `syncImages`,
 * inherited images (`/uploads/foods/...` or remote) are replaced by the food's; an entry
 * holding an image chosen for it (`/uploads/food_entries/...`) keeps it (rule 7).
 * Returns how many entries actually changed.
 */
export async function refreshSnapshots(
  tx: Tx,
  userId: string,
  foodId: string,
  variantId: string | null,
  syncImages: boolean,
): Promise<number> {
  const result = await tx`
    with source as (
      select e.id,
             case when ${syncImages}
                   and not exists (select 1 from jsonb_array_elements_text(e.images) i
                                    where i.value like '/uploads/food\\_entries/%')
                  then f.images else e.images end as images,
             f.name, f.brand, v.serving_size, v.serving_unit, v.calories, v.protein, v.carbs,
             v.fat, v.saturated_fat, v.polyunsaturated_fat, v.monounsaturated_fat, v.trans_fat,
             v.cholesterol, v.sodium, v.potassium, v.dietary_fiber, v.sugars, v.vitamin_a,
             v.vitamin_c, v.calcium, v.iron, v.glycemic_index, v.custom_nutrients
        from food_entries e
        join foods f on f.id = e.food_id
        join food_variants v on v.id = e.variant_id
       where e.user_id = ${userId} and e.food_id = ${foodId}
         and (${variantId}::uuid is null or e.variant_id = ${variantId}::uuid)
    )
    update food_entries e
       set food_name = s.name, brand_name = s.brand, serving_size = s.serving_size,
           serving_unit = s.serving_unit, calories = s.calories, protein = s.protein,
           carbs = s.carbs, fat = s.fat, saturated_fat = s.saturated_fat,
           polyunsaturated_fat = s.polyunsaturated_fat,
           monounsaturated_fat = s.monounsaturated_fat, trans_fat = s.trans_fat,
           cholesterol = s.cholesterol, sodium = s.sodium, potassium = s.potassium,
           dietary_fiber = s.dietary_fiber, sugars = s.sugars, vitamin_a = s.vitamin_a,
           vitamin_c = s.vitamin_c, calcium = s.calcium, iron = s.iron,
           glycemic_index = s.glycemic_index, custom_nutrients = s.custom_nutrients,
           images = s.images, updated_at = now()
      from source s
     where e.id = s.id
       and (e.food_name, e.brand_name, e.serving_size, e.serving_unit, e.calories, e.protein,
            e.carbs, e.fat, e.saturated_fat, e.polyunsaturated_fat, e.monounsaturated_fat,
            e.trans_fat, e.cholesterol, e.sodium, e.potassium, e.dietary_fiber, e.sugars,
            e.vitamin_a, e.vitamin_c, e.calcium, e.iron, e.glycemic_index, e.custom_nutrients,
            e.images)
           is distinct from
           (s.name, s.brand, s.serving_size, s.serving_unit, s.calories, s.protein, s.carbs,
            s.fat, s.saturated_fat, s.polyunsaturated_fat, s.monounsaturated_fat, s.trans_fat,
            s.cholesterol, s.sodium, s.potassium, s.dietary_fiber, s.sugars, s.vitamin_a,
            s.vitamin_c, s.calcium, s.iron, s.glycemic_index, s.custom_nutrients, s.images)`;
  return result.count;
}
