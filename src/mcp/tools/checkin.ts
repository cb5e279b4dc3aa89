import { z } from "@hono/zod-openapi";
import { findCheckIn, listCheckInsInRange, upsertCheckIn } from "../../checkin/queries.ts";
import { measurementFieldsSchema, presentFields } from "../../checkin/schemas.ts";
import { calendarDay } from "../../lib/calendar-day.ts";
import { defineTool, ToolError } from "../tool.ts";

const dayArg = calendarDay.optional().describe("YYYY-MM-DD in the user's time zone; default today");

export const logCheckin = defineTool({
  name: "log_checkin",
  title: "Log body measurements",
  description:
    "Records the day's check-in: weight (kg), height (cm), body fat (%), neck/waist/hips (cm), steps, muscle and bone mass (kg), body water (%), BMR (kcal). Only the fields given change; null clears one.",
  input: measurementFieldsSchema.extend({ date: dayArg }),
  permission: "can_manage_checkin",
  write: true,
  async run(ctx, { date, ...fields }) {
    if (presentFields(fields).length === 0) throw new ToolError("Give at least one measurement.");
    const day = date ?? ctx.today;
    const row = await ctx.db.withUser(
      ctx.userId,
      (tx) => upsertCheckIn(tx, ctx.userId, day, fields),
      ctx.actorId,
    );
    return { checkin: row };
  },
});

export const getCheckin = defineTool({
  name: "get_checkin",
  title: "Read body measurements",
  description: "The check-in measurements of one day (default today), or null when none.",
  input: z.object({ date: dayArg }),
  permission: "can_manage_checkin",
  write: false,
  async run(ctx, { date }) {
    const day = date ?? ctx.today;
    const row = await ctx.db.withUser(
      ctx.userId,
      (tx) => findCheckIn(tx, ctx.userId, day),
      ctx.actorId,
    );
    return { date: day, checkin: row };
  },
});

const MEASUREMENTS = Object.keys(measurementFieldsSchema.shape) as [string, ...string[]];

export const getTrends = defineTool({
  name: "get_trends",
  title: "Trend of a measurement",
  description:
    "Daily values of one body measurement (weight, body fat, steps, ...) over a date range, with the first, last, lowest, highest and average values.",
  input: z.object({
    measurement: z.enum(MEASUREMENTS),
    start_date: calendarDay,
    end_date: calendarDay,
  }),
  permission: "can_manage_checkin",
  write: false,
  async run(ctx, { measurement, start_date, end_date }) {
    if (start_date > end_date) throw new ToolError("start_date must not be after end_date.");
    const rows = await ctx.db.withUser(
      ctx.userId,
      (tx) => listCheckInsInRange(tx, ctx.userId, start_date, end_date),
      ctx.actorId,
    );
    const points = rows
      .map((row) => ({ date: row.entry_date, value: row[measurement as keyof typeof row] }))
      .filter((p): p is { date: string; value: number } => typeof p.value === "number");
    return { measurement, start_date, end_date, points, ...summarize(points.map((p) => p.value)) };
  },
});

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
