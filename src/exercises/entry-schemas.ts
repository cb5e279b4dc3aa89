import { z } from "@hono/zod-openapi";
import { calendarDay } from "../lib/calendar-day.ts";
import { instant } from "../lib/time-zone.ts";

/** Manual exercise entries: cardio (duration, distance, heart rate) and strength (sets). */

export const SET_TYPES = ["warmup", "normal", "drop", "failure", "cooldown"] as const;
export type SetType = (typeof SET_TYPES)[number];

// Clients name set types several ways ("Warm-up", "Working Set", "Drop Set", "Cool-down").
const SET_TYPE_ALIASES: Record<string, SetType> = {
  warmup: "warmup",
  "warm-up": "warmup",
  warm_up: "warmup",
  "warm up": "warmup",
  normal: "normal",
  working: "normal",
  "working set": "normal",
  drop: "drop",
  "drop set": "drop",
  dropset: "drop",
  failure: "failure",
  "to failure": "failure",
  cooldown: "cooldown",
  "cool-down": "cooldown",
  "cool down": "cooldown",
  cool_down: "cooldown",
};
/** The set type a client's name stands for ("Working Set" is normal), if any. */
export const setTypeOf = (name: string): SetType | undefined =>
  SET_TYPE_ALIASES[name.trim().toLowerCase()];

const setType = z
  .string()
  .transform(setTypeOf)
  .refine((v) => v !== undefined, { message: `must be one of ${SET_TYPES.join(", ")}` })
  .openapi({ type: "string", enum: [...SET_TYPES] });

const amount = (max: number) => z.number().min(0).max(max);

/** One set. Durations and rest are seconds, weight kg, distance km. */
export const setInput = z.object({
  // A saved set's number, sent back to keep it; the app's unsaved sets carry none.
  id: z.number().int().positive().nullable().optional(),
  set_number: z.number().int().min(1).max(1000).optional(),
  set_type: setType.nullable().optional(),
  reps: z.number().int().min(0).max(10_000).nullable().optional(),
  weight: amount(2000).nullable().optional(),
  duration: amount(86_400).nullable().optional(),
  duration_seconds: amount(86_400).nullable().optional(),
  distance: amount(1000).nullable().optional(),
  rpe: z.number().min(0).max(10).nullable().optional(),
  rest_time: amount(86_400).nullable().optional(),
  rest_time_seconds: amount(86_400).nullable().optional(),
  notes: z.string().max(2000).nullable().optional(),
  completed_at: instant.nullable().optional(),
  is_pr: z.boolean().optional(),
});
export type SetInput = z.infer<typeof setInput>;

export const entryTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, "must be HH:MM or HH:MM:SS")
  .nullable()
  .optional();

const entryFields = {
  exercise_id: z.string().openapi({ format: "uuid" }),
  exercise_name: z.string().max(255).nullable().optional(),
  entry_date: calendarDay,
  entry_time: entryTime,
  duration_minutes: amount(1440).nullable().optional(),
  calories_burned: amount(100_000).nullable().optional(),
  distance: amount(10_000).nullable().optional(),
  avg_heart_rate: z.number().min(20).max(260).nullable().optional(),
  notes: z.string().max(5000).nullable().optional(),
  sets: z.array(setInput).max(200).optional(),
};

export const entryInput = z.object(entryFields).openapi("CreateExerciseEntryPayload");
export type EntryInput = z.infer<typeof entryInput>;
export const entryUpdate = z.object(entryFields).partial().openapi("UpdateExerciseEntryPayload");
export type EntryUpdate = z.infer<typeof entryUpdate>;

export const recordSchema = z.object({
  id: z.string(),
  exercise_id: z.string(),
  exercise_entry_id: z.string(),
  record_type: z.string(),
  value: z.number(),
  weight: z.number().nullable(),
  entry_date: z.string(),
});

export const entrySchema = z
  .object({
    id: z.string(),
    personal_records: z.array(recordSchema).optional(),
  })
  .catchall(z.unknown())
  .describe(
    "exercise_id, exercise_name, entry_date, duration_minutes, calories_burned, distance, sets[] and the telemetry summary",
  )
  .openapi("ExerciseEntry");
