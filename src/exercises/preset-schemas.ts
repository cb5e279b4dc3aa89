import { z } from "@hono/zod-openapi";
import { calendarDay } from "../lib/calendar-day.ts";
import { entryTime, setInput } from "./entry-schemas.ts";

/** Presets (reusable sessions), logged sessions and weekly plans. */

const name = z.string().trim().min(1).max(255);
const text = z.string().max(5000).nullable().optional();
const uuid = z.string().openapi({ format: "uuid" });

export const presetExerciseInput = z.object({
  exercise_id: uuid,
  sort_order: z.number().int().min(0).max(1000).optional(),
  superset_group: z.number().int().min(0).max(100).nullable().optional(),
  notes: text,
  sets: z.array(setInput).max(100).default([]),
});
export const presetInput = z.object({
  name,
  description: text,
  exercises: z.array(presetExerciseInput).max(100).default([]),
});
export const presetUpdate = z.object({
  name: name.optional(),
  description: text,
  exercises: z.array(presetExerciseInput).max(100).optional(),
});
export type PresetInput = z.infer<typeof presetInput>;
export type PresetUpdate = z.infer<typeof presetUpdate>;

export const sessionExerciseInput = z.object({
  // The app mints each entry's uuid itself and sends it back on every save.
  id: z.uuid().optional(),
  exercise_id: uuid,
  sort_order: z.number().int().min(0).max(1000).optional(),
  superset_group: z.number().int().min(0).max(100).nullable().optional(),
  entry_time: entryTime,
  duration_minutes: z.number().min(0).max(1440).nullable().optional(),
  calories_burned: z.number().min(0).max(100_000).nullable().optional(),
  distance: z.number().min(0).max(10_000).nullable().optional(),
  avg_heart_rate: z.number().min(20).max(260).nullable().optional(),
  notes: text,
  sets: z.array(setInput).max(200).default([]),
});
export const sessionInput = z.object({
  workout_preset_id: uuid.nullable().optional(),
  name: name.optional(),
  description: text,
  notes: text,
  entry_date: calendarDay,
  source: z.string().trim().min(1).max(60).optional(),
  exercises: z.array(sessionExerciseInput).max(100).optional(),
});
export const sessionUpdate = sessionInput.omit({ workout_preset_id: true, source: true }).partial();
export type SessionInput = z.infer<typeof sessionInput>;
export type SessionUpdate = z.infer<typeof sessionUpdate>;

/** A plan day: a preset, or one exercise with its planned sets. */
const assignments = z
  .array(
    z
      .object({
        day_of_week: z.number().int().min(0).max(6).describe("0 Sunday .. 6 Saturday"),
        workout_preset_id: uuid.optional(),
        exercise_id: uuid.optional(),
        sets: z.array(setInput).max(100).default([]),
        sort_order: z.number().int().min(0).max(100).optional(),
      })
      .refine((a) => (a.workout_preset_id === undefined) !== (a.exercise_id === undefined), {
        message: "give either workout_preset_id or exercise_id",
      }),
  )
  .max(70);
const planFields = {
  plan_name: name,
  description: text,
  start_date: calendarDay,
  end_date: calendarDay.nullable().optional(),
};
export const planInput = z.object({
  ...planFields,
  is_active: z.boolean().default(true),
  assignments: assignments.default([]),
});
// No defaults here: a field left out stays as it is.
export const planUpdate = z
  .object({ ...planFields, is_active: z.boolean(), assignments })
  .partial();
export type PlanInput = z.infer<typeof planInput>;
export type PlanUpdate = z.infer<typeof planUpdate>;
