import { z } from "@hono/zod-openapi";
import { calendarDay } from "../../lib/calendar-day.ts";
import { listHrZones, listLaps } from "../../telemetry/read-queries.ts";
import { getEntry, listEntriesByDate, type EntryView } from "../../workouts/read-queries.ts";
import { defineTool, ToolError } from "../tool.ts";

/** An entry without the device's raw payload, which can be large and means nothing to a model. */
function summary({ raw_data: _raw, ...entry }: EntryView) {
  return entry;
}

export const getExerciseDiary = defineTool({
  name: "get_exercise_diary",
  title: "Exercise of a day",
  description:
    "The workouts and exercise entries of one day (default today), with duration, distance, calories, heart rate and sets.",
  input: z.object({
    date: calendarDay.optional().describe("YYYY-MM-DD in the user's time zone; default today"),
  }),
  permission: "can_manage_diary",
  write: false,
  async run(ctx, { date }) {
    const day = date ?? ctx.today;
    const entries = await ctx.db.withUser(
      ctx.userId,
      (tx) => listEntriesByDate(tx, ctx.userId, day),
      ctx.actorId,
    );
    return { date: day, entries: entries.map(summary) };
  },
});

export const getWorkoutDetails = defineTool({
  name: "get_workout_details",
  title: "Workout details",
  description:
    "One workout's summary, laps and minutes per heart-rate zone. Never the raw GPS series.",
  input: z.object({ workout_id: z.uuid() }),
  // Laps and zones are health telemetry, kept under can_manage_checkin like their routes.
  permission: "can_manage_checkin",
  write: false,
  async run(ctx, { workout_id }) {
    const details = await ctx.db.withUser(
      ctx.userId,
      async (tx) => {
        const entry = await getEntry(tx, ctx.userId, workout_id);
        if (!entry) return null;
        const [laps, zones] = await Promise.all([
          listLaps(tx, workout_id),
          listHrZones(tx, workout_id),
        ]);
        return { workout: summary(entry), laps, heart_rate_zones: zones };
      },
      ctx.actorId,
    );
    if (!details) throw new ToolError("Workout not found.");
    return details;
  },
});
