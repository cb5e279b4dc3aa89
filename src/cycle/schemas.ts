import { z } from "@hono/zod-openapi";
import { calendarDay } from "../lib/calendar-day.ts";

/** Request shapes of /api/v2/cycle, in the phone app's field names. */

export const FLOW_LEVELS = ["none", "spotting", "light", "medium", "heavy"] as const;
export const MUCUS_TYPES = ["dry", "sticky", "creamy", "watery", "egg_white"] as const;

const tags = z.array(z.string().trim().min(1).max(60)).max(50);
const level = z.number().int().min(1).max(5).nullable().optional();

export const settingsInput = z.object({
  enabled: z.boolean().optional(),
  mode: z.enum(["standard", "ttc", "pregnant", "postpartum", "menopause"]).optional(),
  avg_cycle_length_override: z.number().int().min(15).max(90).nullable().optional(),
  avg_period_length_override: z.number().int().min(1).max(15).nullable().optional(),
  luteal_phase_length: z.number().int().min(7).max(20).optional(),
  birth_control_method: z.string().trim().min(1).max(40).optional(),
  conditions: tags.optional(),
  show_fertile_window: z.boolean().optional(),
  preferred_products: tags.optional(),
  dismissed_prompts: tags.optional(),
  terminology: z.enum(["default", "neutral"]).optional(),
  discreet_mode: z.boolean().optional(),
  mark_onboarded: z.boolean().optional(),
  reset_onboarding: z.boolean().optional(),
});
export type SettingsInput = z.infer<typeof settingsInput>;

export const logInput = z.object({
  flow_level: z.enum(FLOW_LEVELS).nullable().optional(),
  intermenstrual_bleeding: z.boolean().nullable().optional(),
  product_usage: z.record(z.string().max(40), z.number().min(0)).optional(),
  bbt: z.number().min(34).max(42).nullable().optional(),
  bbt_taken_at: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/)
    .nullable()
    .optional(),
  cervical_mucus: z.enum(MUCUS_TYPES).nullable().optional(),
  unusual_discharge: tags.optional(),
  symptoms: tags.optional(),
  moods: tags.optional(),
  energy: level,
  libido: level,
  notes: z.string().max(4000).nullable().optional(),
  intercourse: z.boolean().nullable().optional(),
  intercourse_protected: z.boolean().nullable().optional(),
  cervical_position: z.string().trim().max(30).nullable().optional(),
  custom_fields: z.record(z.string(), z.unknown()).optional(),
});
export type LogInput = z.infer<typeof logInput>;

export const bulkLogInput = z
  .array(z.object({ date: calendarDay, flow_level: z.enum(FLOW_LEVELS).nullable() }))
  .max(400);

export const cycleInput = z.object({
  start_date: calendarDay,
  end_date: calendarDay.nullable().optional(),
  period_length: z.number().int().min(1).max(30).nullable().optional(),
  is_excluded: z.boolean().optional(),
  birth_control_method: z.string().trim().max(40).nullable().optional(),
});
export type CycleInput = z.infer<typeof cycleInput>;

export const TEST_RESULTS = [
  "negative",
  "low",
  "high",
  "peak",
  "faint",
  "positive",
  "indeterminate",
] as const;

export const testInput = z.object({
  entry_date: calendarDay,
  tested_at: z.iso.datetime({ offset: true }).optional(),
  test_type: z.enum(["opk", "hpt"]),
  result: z.enum(TEST_RESULTS),
  notes: z.string().max(2000).nullable().optional(),
});

export const rangeQuery = z.object({ startDate: calendarDay, endDate: calendarDay });
export const dateQuery = z.object({ date: calendarDay.optional() });
export const anyObject = z.object({}).passthrough();
