import { z } from "@hono/zod-openapi";
import { buildDays } from "../../summary/build-days.ts";
import { NUTRIENTS, type NutrientTotals } from "../../summary/nutrients.ts";
import { daysBetween } from "../../database/user-zone.ts";
import { defineTool, ToolError } from "../tool.ts";
import { dayArg, round1 } from "./food-args.ts";

// A year of days is as much as an answer should carry.
const MAX_DAYS = 366;

const rounded = (totals: NutrientTotals) =>
  Object.fromEntries(NUTRIENTS.map((n) => [n, round1(totals[n])])) as NutrientTotals;

export const getNutritionSummary = defineTool({
  name: "get_nutrition_summary",
  title: "Nutrition summary",
  description:
    "Nutrient intake of one day (date, default today) or of a range (start_date and end_date): per day the totals, the calories per meal and progress against the goals; for a range also the totals and the average per logged day. Counts the food diary and nutrition synced from phones.",
  input: z.object({
    date: dayArg,
    start_date: dayArg.describe("First day of a range (YYYY-MM-DD)"),
    end_date: dayArg.describe("Last day of a range (YYYY-MM-DD)"),
  }),
  permission: "can_view_reports",
  write: false,
  async run(ctx, { date, start_date, end_date }) {
    if ((start_date === undefined) !== (end_date === undefined))
      throw new ToolError("Give both start_date and end_date, or date.");
    const start = start_date ?? date ?? ctx.today;
    const end = end_date ?? date ?? ctx.today;
    if (start > end) throw new ToolError("start_date must not be after end_date.");
    if (daysBetween(start, end) >= MAX_DAYS)
      throw new ToolError(`A range may span at most ${MAX_DAYS} days.`);
    const days = await ctx.db.withUser(
      ctx.userId,
      (tx) => buildDays(tx, ctx.userId, start, end),
      ctx.actorId,
    );
    const perDay = days.map((day) => ({
      date: day.date,
      totals: rounded(day.nutrition.totals),
      calories_by_meal: Object.fromEntries(
        Object.entries(day.nutrition.meals).map(([meal, t]) => [meal, round1(t.calories)]),
      ),
      progress: {
        calories: day.progress.calories,
        protein: day.progress.protein,
        carbs: day.progress.carbs,
        fat: day.progress.fat,
        dietary_fiber: day.progress.dietary_fiber,
      },
    }));
    if (start === end) return perDay[0]!;
    const logged = days.filter((day) => day.nutrition.totals.calories > 0);
    const sum = (n: (typeof NUTRIENTS)[number], from: typeof days) =>
      from.reduce((total, day) => total + day.nutrition.totals[n], 0);
    return {
      start_date: start,
      end_date: end,
      days_logged: logged.length,
      totals: Object.fromEntries(NUTRIENTS.map((n) => [n, round1(sum(n, days))])),
      average_per_logged_day: Object.fromEntries(
        NUTRIENTS.map((n) => [n, logged.length ? round1(sum(n, logged) / logged.length) : 0]),
      ),
      days: perDay,
    };
  },
});
