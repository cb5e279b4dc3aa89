import { z } from "@hono/zod-openapi";
import { listCheckInsInRange } from "../../checkin/queries.ts";
import { measurementFieldsSchema } from "../../checkin/schemas.ts";
import type { Tx } from "../../db.ts";
import { calendarDay } from "../../lib/calendar-day.ts";
import { buildDays, type DayWithFigures } from "../../summary/build-days.ts";
import { NUTRIENTS } from "../../summary/nutrients.ts";
import { listCategories, listEntriesInRange } from "../../trackers/custom-queries.ts";
import { checkRange } from "../../trackers/day-range.ts";
import { defineTool, ToolError } from "../tool.ts";

type Point = { date: string; value: number };

const CHECK_IN = Object.keys(measurementFieldsSchema.shape);
// Series the daily summary already totals per day; days without any are left out.
const DAILY: Record<string, (day: DayWithFigures) => number | null> = {
  ...Object.fromEntries(
    NUTRIENTS.map((n) => [n, (d: DayWithFigures) => d.nutrition.totals[n] || null]),
  ),
  water_ml: (d) => d.water_ml || null,
  sleep_minutes: (d) => (d.sleep ? Math.round(d.sleep.time_asleep_seconds / 60) : null),
  exercise_minutes: (d) => d.exercise.duration_minutes || null,
  exercise_calories: (d) => d.exercise.calories_burned || null,
};

/** The daily points of a check-in measurement, a summary series or a custom measurement. */
async function readSeries(tx: Tx, userId: string, name: string, start: string, end: string) {
  if (CHECK_IN.includes(name)) {
    const rows = await listCheckInsInRange(tx, userId, start, end);
    return rows
      .map((row) => ({ date: row.entry_date, value: row[name as keyof typeof row] }))
      .filter((p): p is Point => typeof p.value === "number");
  }
  const daily = DAILY[name];
  if (daily) {
    const days = await buildDays(tx, userId, start, end);
    return days
      .map((d) => ({ date: d.date, value: daily(d) }))
      .filter((p): p is Point => p.value !== null);
  }
  const category = (await listCategories(tx, userId)).find(
    (c) => c.name.toLowerCase() === name.toLowerCase() && c.data_type !== "text",
  );
  if (!category) {
    throw new ToolError(
      `Unknown measurement "${name}". Known: ${[...CHECK_IN, ...Object.keys(DAILY)].join(", ")}, or a numeric custom measurement's name.`,
    );
  }
  const entries = await listEntriesInRange(tx, userId, { start, end, categoryId: category.id });
  // The day's last value, as for a daily check-in.
  const byDay = new Map(entries.map((e) => [e.entry_date, Number(e.value)]));
  return [...byDay].map(([date, value]) => ({ date, value }));
}

function summarize(values: number[]) {
  if (values.length === 0) return { count: 0 };
  const sum = values.reduce((a, b) => a + b, 0);
  return {
    count: values.length,
    first: values[0],
    last: values.at(-1),
    min: Math.min(...values),
    max: Math.max(...values),
    average: Math.round((sum / values.length) * 100) / 100,
  };
}

export const getTrends = defineTool({
  name: "get_trends",
  title: "Trend of a measurement or nutrient",
  description: `Daily values over a date range, with the first, last, lowest, highest and average values, of one of: a body measurement (${CHECK_IN.join(", ")}); a nutrient eaten (${NUTRIENTS.join(", ")}); water_ml, sleep_minutes, exercise_minutes or exercise_calories; or a custom measurement by its name.`,
  input: z.object({
    measurement: z.string().trim().min(1).max(100),
    start_date: calendarDay,
    end_date: calendarDay,
  }),
  permission: "can_view_reports",
  write: false,
  async run(ctx, { measurement, start_date, end_date }) {
    if (start_date > end_date) throw new ToolError("start_date must not be after end_date.");
    const [start, end] = checkRange(start_date, end_date);
    const points = await ctx.db.withUser(
      ctx.userId,
      (tx) => readSeries(tx, ctx.userId, measurement, start, end),
      ctx.actorId,
    );
    return { measurement, start_date, end_date, points, ...summarize(points.map((p) => p.value)) };
  },
});
