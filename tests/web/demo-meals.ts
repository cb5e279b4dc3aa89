/** The demo's food: a small library, a year of meals up to today and two meal templates. */
import { dayBefore, inParallel, postJson } from "./seed.ts";

/** A food as the web form sends it: one serving's size and its nutrients. */
const food = (
  name: string,
  [serving_size, serving_unit]: [number, string],
  [calories, protein, carbs, fat, dietary_fiber]: number[],
  brand?: string,
) => ({ name, brand, serving_size, serving_unit, calories, protein, carbs, fat, dietary_fiber });

// Each meal's choices, a serving's [kcal, protein, carbs, fat, fibre]; the first of each is today's.
const CHOICES: Record<string, ReturnType<typeof food>[]> = {
  breakfast: [
    food("Porridge with milk", [250, "g"], [340, 12, 52, 9, 6]),
    food("Greek yogurt with granola", [200, "g"], [310, 18, 34, 11, 3], "Fage"),
    food("Scrambled eggs on toast", [220, "g"], [390, 22, 30, 19, 2]),
  ],
  lunch: [
    food("Chicken salad", [300, "g"], [420, 38, 18, 21, 5]),
    food("Lentil soup", [400, "ml"], [360, 20, 52, 7, 14]),
    food("Tuna sandwich", [230, "g"], [480, 29, 46, 18, 4]),
  ],
  dinner: [
    food("Pasta bolognese", [350, "g"], [610, 30, 78, 18, 7]),
    food("Salmon with rice and broccoli", [400, "g"], [650, 42, 62, 24, 5]),
    food("Vegetable curry with rice", [420, "g"], [560, 16, 88, 15, 11]),
  ],
  snacks: [
    food("Apple", [180, "g"], [95, 0.5, 25, 0.3, 4]),
    food("Banana", [120, "g"], [105, 1.3, 27, 0.4, 3]),
    food("Almonds", [30, "g"], [175, 6, 6, 15, 4]),
  ],
};

// The meals repeat every 15 days: three choices a meal, a new pick every five days.
const PATTERN_DAYS = 15;

/**
 * A year of meals, today's included: breakfast, lunch and dinner every day and a snack on
 * most, each from its meal's choices, and the templates "Usual breakfast" and "Lunch at work".
 */
export async function seedMeals(url: string, token: string, today: string, days: number) {
  const call = (path: string, body: unknown) => postJson(url, token, path, body);
  const ids: Record<string, string[]> = {};
  for (const [meal, foods] of Object.entries(CHOICES)) {
    ids[meal] = [];
    for (const food of foods) ids[meal].push((await call("/api/foods", food)).id);
  }
  // A fortnight and a day of meals, a different food most days and no snack every fifth
  // day, then that pattern again on every earlier day (a day's copy is one request).
  const entries = [];
  for (let n = 0; n < PATTERN_DAYS; n++) {
    for (const [k, [meal, foods]] of Object.entries(CHOICES).entries()) {
      if (meal === "snacks" && n % 5 === 2) continue;
      const i = (n * (k + 1) + Math.floor(n / 5)) % foods.length;
      entries.push({
        food_id: ids[meal]![i],
        quantity: foods[i]!.serving_size,
        unit: foods[i]!.serving_unit,
        meal_type: meal,
        entry_date: dayBefore(today, n),
      });
    }
  }
  // Today's breakfast has a banana besides: a meal of two foods.
  entries.push({
    food_id: ids.snacks![1]!,
    quantity: 120,
    unit: "g",
    meal_type: "breakfast",
    entry_date: today,
  });
  await inParallel(entries, 4, (entry) => call("/api/food-entries", entry));
  const earlier = Array.from({ length: days - PATTERN_DAYS }, (_, i) => i + PATTERN_DAYS);
  await inParallel(earlier, 4, (n) =>
    call("/api/food-entries/copy", {
      sourceDate: dayBefore(today, n % PATTERN_DAYS),
      targetDate: dayBefore(today, n),
    }),
  );
  const template = (name: string, picks: [string, number][]) =>
    call("/api/meals", {
      name,
      foods: picks.map(([meal, i]) => ({
        food_id: ids[meal]![i],
        quantity: CHOICES[meal]![i]!.serving_size,
        unit: CHOICES[meal]![i]!.serving_unit,
      })),
    });
  await template("Usual breakfast", [
    ["breakfast", 0],
    ["snacks", 1],
  ]);
  await template("Lunch at work", [
    ["lunch", 2],
    ["snacks", 0],
  ]);
}
