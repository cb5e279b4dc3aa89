import type { TestContext, TestUser } from "../helpers/test-app.ts";

/** Syncs records as a phone would, with an API key of the user's. */
export async function sync(ctx: TestContext, user: TestUser, records: unknown[]) {
  const key = await ctx.createApiKey(user.id, ["health_data_write"]);
  const res = await ctx.request("/api/health-data", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${key}`,
      "X-Workout-Model-Version": "3",
    },
    body: JSON.stringify(records),
  });
  const body = (await res.json()) as { errors: unknown[] };
  if (res.status !== 200 || body.errors.length) throw new Error(JSON.stringify(body));
}

/**
 * A food diary entry in the diary's own table (one serving's nutrients, eaten quantity /
 * serving_size times), until the diary's routes land on this branch.
 */
export async function logFood(
  ctx: TestContext,
  userId: string,
  entry: {
    day: string;
    meal: string;
    name: string;
    quantity: number;
    serving_size: number;
  } & Record<"calories" | "protein" | "carbs" | "fat", number>,
) {
  await ctx.db.owner`
    insert into food_entries (user_id, meal_type_id, entry_date, quantity, unit, food_name,
                              serving_size, serving_unit, calories, protein, carbs, fat)
    values (${userId}, (select id from meal_types where user_id is null and name = ${entry.meal}),
            ${entry.day}, ${entry.quantity}, 'g', ${entry.name}, ${entry.serving_size}, 'g',
            ${entry.calories}, ${entry.protein}, ${entry.carbs}, ${entry.fat})`;
}
