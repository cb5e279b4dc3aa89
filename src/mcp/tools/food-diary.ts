import { z } from "@hono/zod-openapi";
import { listEntriesInRange } from "../../diary/entry-queries.ts";
import type { Entry } from "../../diary/entry-schemas.ts";
import { copyFromYesterday } from "../../diary/entry-service.ts";
import type { LoggedMeal } from "../../diary/logged-meal-schemas.ts";
import { logMeal, sumEatenNutrients, type EatenFood } from "../../diary/logged-meals.ts";
import { searchMeals } from "../../foods/meal-queries.ts";
import { MAIN_NUTRIENTS } from "../../foods/nutrients.ts";
import { searchPattern } from "../../lib/search-text.ts";
import { isUuid } from "../../http/path-params.ts";
import { defineTool, ToolError } from "../tool.ts";
import {
  dayArg,
  findFoodByRef,
  logFoodPortion,
  mealTypeArg,
  portionArgs,
  round1,
} from "./food-args.ts";

/** The main nutrients of what was eaten, rounded for reading. */
function mainTotals(entries: EatenFood[]) {
  const sums = sumEatenNutrients(entries);
  return Object.fromEntries(MAIN_NUTRIENTS.map((key) => [key, round1(sums[key])]));
}

/**
 * An entry as the assistant reads it: what, how much, and what that much contains (null for a
 * nutrient not given).
 */
function describeEntry(entry: LoggedMeal["foods"][number] & Partial<Entry>) {
  const eaten = mainTotals([entry]);
  return {
    id: entry.id,
    meal_type: entry.meal_type,
    food_id: entry.food_id,
    food_name: entry.food_name,
    brand_name: entry.brand_name,
    quantity: entry.quantity,
    unit: entry.unit,
    ...Object.fromEntries(
      MAIN_NUTRIENTS.map((key) => [key, entry[key] === null ? null : eaten[key]]),
    ),
    images: entry.images,
  };
}

export const getFoodDiary = defineTool({
  name: "get_food_diary",
  title: "Read the food diary",
  description:
    "The food diary of one day (default today): every entry with the calories, protein, carbs and fat eaten, and the totals per meal and for the day.",
  input: z.object({ date: dayArg }),
  permission: "can_manage_diary",
  write: false,
  async run(ctx, { date }) {
    const day = date ?? ctx.today;
    const entries = await ctx.db.withUser(
      ctx.userId,
      (tx) => listEntriesInRange(tx, ctx.userId, day, day),
      ctx.actorId,
    );
    const meals = [...new Set(entries.map((e) => e.meal_type))].map((meal) => ({
      meal_type: meal,
      ...mainTotals(entries.filter((e) => e.meal_type === meal)),
    }));
    return { date: day, entries: entries.map(describeEntry), meals, totals: mainTotals(entries) };
  },
});

export const logFood = defineTool({
  name: "log_food",
  title: "Log a food from the library",
  description:
    "Logs a food already in the user's library (by id, or by name: the best match of search_foods) to the diary. To log a food from a food database, use log_external_food; to add a new one, create_food first.",
  input: z.object({
    food: z.string().trim().min(1).max(500).describe("The food's id or name"),
    meal_type: mealTypeArg,
    date: dayArg,
    ...portionArgs,
  }),
  permission: "can_manage_diary",
  write: true,
  async run(ctx, { food, date, ...portion }) {
    const entry = await ctx.db.withUser(
      ctx.userId,
      async (tx) =>
        logFoodPortion(tx, ctx.userId, await findFoodByRef(tx, ctx.userId, food), {
          ...portion,
          date: date ?? ctx.today,
        }),
      ctx.actorId,
    );
    return { entry: describeEntry(entry) };
  },
});

export const logMealTool = defineTool({
  name: "log_meal",
  title: "Log a saved meal",
  description:
    "Logs one of the user's meal templates (by id or name) to the diary in one step: its foods become entries kept together as one logged meal. servings scales every food.",
  input: z.object({
    meal: z.string().trim().min(1).max(255).describe("The meal template's id or name"),
    meal_type: mealTypeArg,
    date: dayArg,
    servings: z.number().positive().default(1),
  }),
  permission: "can_manage_diary",
  write: true,
  async run(ctx, { meal, meal_type, date, servings }) {
    const logged = await ctx.db.withUser(
      ctx.userId,
      async (tx) => {
        const [template] = isUuid(meal)
          ? [{ id: meal }]
          : await searchMeals(tx, ctx.userId, searchPattern(meal), 1);
        if (!template) throw new ToolError(`No saved meal "${meal}".`);
        return logMeal(tx, ctx.userId, {
          meal_template_id: template.id,
          meal_type,
          entry_date: date ?? ctx.today,
          quantity: servings,
          unit: "serving",
        });
      },
      ctx.actorId,
    );
    return {
      logged_meal_id: logged.id,
      name: logged.name,
      date: logged.entry_date,
      meal_type: logged.meal_type,
      entries: logged.foods.map(describeEntry),
      totals: mainTotals(logged.foods),
    };
  },
});

export const copyFromYesterdayTool = defineTool({
  name: "copy_from_yesterday",
  title: "Copy yesterday's food",
  description:
    "Copies the entries of the day before `date` (default today) onto `date`: all of them, or only one meal type's.",
  input: z.object({ date: dayArg, meal_type: mealTypeArg.optional() }),
  permission: "can_manage_diary",
  write: true,
  async run(ctx, { date, meal_type }) {
    const day = date ?? ctx.today;
    const copies = await ctx.db.withUser(
      ctx.userId,
      (tx) => copyFromYesterday(tx, ctx.userId, day, meal_type),
      ctx.actorId,
    );
    return { date: day, copied: copies.length, entries: copies.map(describeEntry) };
  },
});
