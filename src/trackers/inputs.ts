import { z } from "@hono/zod-openapi";
import { calendarDay } from "../lib/calendar-day.ts";
import { instant, timeZone } from "../lib/time-zone.ts";
import { FASTING_PLANS } from "./fasting-plans.ts";
import { SLEEP_STAGES } from "./sleep-summary.ts";

/** What the trackers' write routes and the assistant tools take: one schema for both. */

export const logWaterInput = z
  .object({
    entry_date: calendarDay,
    water_ml: z.number().min(-20_000).max(20_000).optional().openapi({
      description: "Millilitres to add (negative takes back from the day's manual entries)",
    }),
    change_drinks: z.number().int().min(-50).max(50).optional().openapi({
      description: "Drinks of container_id (default: the primary container) to add or take back",
    }),
    // null is what the clients send when no container is chosen: the same as leaving it out.
    container_id: z.number().int().nullable().optional(),
  })
  .refine((b) => (b.water_ml === undefined) !== (b.change_drinks === undefined), {
    message: "send either water_ml or change_drinks",
  });
export type LogWaterInput = z.infer<typeof logWaterInput>;

export const sleepInput = z
  .object({
    bedtime: instant,
    wake_time: instant,
    entry_date: calendarDay.optional().openapi({
      description: "Default: the day of waking in record_timezone",
    }),
    record_timezone: timeZone.optional().openapi({ description: "Default: the profile's zone" }),
    stage_events: z
      .array(z.object({ stage: z.enum(SLEEP_STAGES), start_time: instant, end_time: instant }))
      .max(2000)
      .default([]),
  })
  .refine((b) => Date.parse(b.wake_time) >= Date.parse(b.bedtime), {
    message: "wake_time must not be before bedtime",
    path: ["wake_time"],
  })
  .refine((b) => Date.parse(b.wake_time) - Date.parse(b.bedtime) <= 36 * 3_600_000, {
    message: "a sleep session may last at most 36 hours",
    path: ["wake_time"],
  });

export const moodValue = z
  .number()
  .min(1)
  .max(10)
  .openapi({ description: "1 (worst) to 10 (best)" });
export const moodTags = z.array(z.string().trim().min(1).max(50)).max(30);
export const moodNotes = z.string().max(2000).nullable();
export const moodInput = z.object({
  entry_date: calendarDay,
  mood_value: moodValue,
  tags: moodTags.default([]).openapi({ description: "Mood names, built-in or custom" }),
  notes: moodNotes.default(null),
});

export const fastingType = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .openapi({
    description: `A plan (${Object.keys(FASTING_PLANS).join(", ")}) or "custom" with target_hours`,
  });
export const startFastInput = z.object({
  start_time: instant.optional().openapi({ description: "Default: now" }),
  fasting_type: fastingType.optional(),
  target_hours: z.number().positive().max(240).optional(),
  target_end_time: instant.optional().openapi({ description: "Default: from the plan" }),
});
export type StartFastInput = z.infer<typeof startFastInput>;
export const endFastInput = z.object({
  id: z.string().optional(),
  end_time: instant.optional().openapi({ description: "Default: now" }),
  status: z.enum(["COMPLETED", "CANCELLED"]).default("COMPLETED"),
});
export type EndFastInput = z.infer<typeof endFastInput>;
