import type postgres from "postgres";

// Rows in the shapes the real 1.6.2 server writes them, for what its fixture holds no case
// of (issue 45). Ids of the fixture's own rows are those of its dump.

export const ALICE_ID = "b528ae12-c97c-44e3-b69e-d765f4ed78dd";

/** A meal with a line that is alice's yogurt bowl (one bowl of its two), and a gone one. */
export const NESTED = {
  mealId: "9a1e0c4e-45a1-4c4e-9d41-000000000001",
  bowlId: "e7574117-dcf7-4f70-acbb-0996ef21ff64",
  yogurtId: "8039841e-9627-4830-8adc-c0b7e296987d",
  granolaId: "bfb358cf-1693-444a-af3e-a6b5c6619ef3",
  granolaVariant: "7d15abda-9b08-42b4-9612-1906b9e9367a",
};

export async function addIssue45Rows(sql: postgres.Sql, _uploads: string) {
  await addNestedMeal(sql);
}

async function addNestedMeal(sql: postgres.Sql) {
  await sql`
    insert into public.meals (id, user_id, name, serving_size, serving_unit, total_servings, images)
    values (${NESTED.mealId}, ${ALICE_ID}, 'Brunch plate', 1, 'plate', 1, '[]')`;
  // As its meal service writes lines (buildMealFoodValues): a meal line has no food.
  await sql`
    insert into public.meal_foods (meal_id, food_id, variant_id, child_meal_id, item_type,
      quantity, unit, created_at, updated_at)
    values (${NESTED.mealId}, ${NESTED.granolaId}, ${NESTED.granolaVariant}, null, 'food', 30, 'g',
            '2026-11-25T08:00:00Z', now()),
           (${NESTED.mealId}, null, null, ${NESTED.bowlId}, 'meal', 1, 'serving',
            '2026-11-25T08:00:01Z', now()),
           (${NESTED.mealId}, null, null, null, 'meal', 1, 'serving', '2026-11-25T08:00:02Z', now())`;
}
