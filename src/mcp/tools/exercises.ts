import { z } from "@hono/zod-openapi";
import { ensureCatalogue } from "../../exercises/catalogue.ts";
import { createManualEntry } from "../../exercises/entry-queries.ts";
import { setInput } from "../../exercises/entry-schemas.ts";
import { findExerciseByName } from "../../exercises/exercise-queries.ts";
import { detectRecords } from "../../exercises/records.ts";
import { calendarDay } from "../../lib/calendar-day.ts";
import { getEntry } from "../../workouts/read-queries.ts";
import { defineTool, ToolError } from "../tool.ts";

export const logExercise = defineTool({
  name: "log_exercise",
  title: "Log exercise",
  description:
    "Logs an exercise by name from the library (e.g. 'Running', 'Barbell Back Squat'): cardio with duration (minutes), distance (km) and heart rate, or strength with sets (reps, weight in kg, set type warmup/normal/drop/failure). Calories are estimated from the exercise's MET and the latest weight when not given. Returns the entry and any personal records it set.",
  input: z.object({
    exercise: z.string().trim().min(1).max(255).describe("Exercise name, as in the library"),
    date: calendarDay.optional().describe("YYYY-MM-DD in the user's time zone; default today"),
    duration_minutes: z.number().min(0).max(1440).optional(),
    distance_km: z.number().min(0).max(10_000).optional(),
    calories_burned: z.number().min(0).max(100_000).optional(),
    avg_heart_rate: z.number().min(20).max(260).optional(),
    sets: z.array(setInput).max(200).optional(),
    notes: z.string().max(5000).optional(),
  }),
  permission: "can_manage_diary",
  write: true,
  async run(ctx, input) {
    await ensureCatalogue(ctx.db);
    const day = input.date ?? ctx.today;
    return ctx.db.withUser(
      ctx.userId,
      async (tx) => {
        const exercise = await findExerciseByName(tx, ctx.userId, input.exercise);
        if (!exercise)
          throw new ToolError(
            `No exercise named "${input.exercise}" in the library; search another name.`,
          );
        const id = await createManualEntry(tx, ctx.userId, {
          exercise_id: exercise.id,
          entry_date: day,
          duration_minutes: input.duration_minutes,
          distance: input.distance_km,
          calories_burned: input.calories_burned,
          avg_heart_rate: input.avg_heart_rate,
          sets: input.sets,
          notes: input.notes,
        });
        const personal_records = await detectRecords(tx, ctx.userId, id);
        const { raw_data: _raw, ...entry } = (await getEntry(tx, ctx.userId, id))!;
        return { entry, personal_records };
      },
      ctx.actorId,
    );
  },
});
