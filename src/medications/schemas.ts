import { z } from "@hono/zod-openapi";
import { calendarDay } from "../lib/calendar-day.ts";

/** Request and response shapes of /api/v2/medications, in the phone app's field names. */

export const MEDICATION_TYPES = [
  "tablet",
  "pill",
  "capsule",
  "softgel",
  "gummy",
  "powder",
  "liquid",
  "injection",
  "inhaler",
  "patch",
  "supplement",
  "drops",
  "nasal_spray",
  "cream",
  "suppository",
  "other",
] as const;

const text = (max: number) => z.string().trim().max(max).nullable().optional();
const amount = z.number().min(0).nullable().optional();
const instant = z.iso.datetime({ offset: true });

/** Nutrients of one supplement dose, e.g. {"calories": 5, "vitamin_d": 25}. */
const nutrients = z.record(z.string().max(60), z.number().min(0));

export const medicationInput = z.object({
  name: z.string().trim().min(1).max(200),
  display_name: text(200),
  type_id: z.enum(MEDICATION_TYPES).nullable().optional(),
  route_id: text(50),
  strength_value: amount,
  strength_unit: text(20),
  dose_amount: amount,
  dose_unit: text(20),
  reason_text: text(500),
  prescriber: text(200),
  pharmacy: text(200),
  rx_number: text(60),
  ndc: text(20),
  rxnorm_rxcui: text(20),
  effectiveness_rating: z.number().int().min(1).max(5).nullable().optional().describe("1 to 5"),
  color: text(20),
  icon: text(50),
  is_active: z.boolean().optional(),
  is_quick: z.boolean().optional(),
  is_glp1: z.boolean().optional(),
  is_supplement: z.boolean().optional(),
  nutrients: nutrients.optional(),
  half_life_hours: z.number().positive().max(100_000).nullable().optional(),
  injection_sites: z.array(z.string().trim().min(1).max(60)).min(1).max(30).optional(),
  notes: text(2000),
  source: z.string().trim().min(1).max(50).optional(),
  custom_fields: z.record(z.string(), z.unknown()).optional(),
});
export const medicationUpdate = medicationInput.partial();
export type MedicationInput = z.infer<typeof medicationUpdate>;

export const SCHEDULE_TYPES = [
  "daily",
  "specific_days",
  "weekly",
  "every_n_days",
  "monthly",
  "cyclic",
  "taper",
  "prn",
] as const;

const timeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { message: "must be HH:MM or HH:MM:SS" });

export const scheduleInput = z.object({
  schedule_type_id: z.enum(SCHEDULE_TYPES),
  time_of_day: timeOfDay.nullable().optional(),
  dose_amount: amount,
  days_of_week: z.array(z.number().int().min(0).max(6)).max(7).nullable().optional(),
  interval_days: z.number().int().min(1).max(365).nullable().optional(),
  day_of_month: z.number().int().min(1).max(31).nullable().optional(),
  cycle_on_days: z.number().int().min(1).max(365).nullable().optional(),
  cycle_off_days: z.number().int().min(0).max(365).nullable().optional(),
  prn_reason: text(500),
  prn_max_per_day: z.number().int().min(1).max(100).nullable().optional(),
  with_meal: text(20),
  start_date: calendarDay.nullable().optional(),
  end_date: calendarDay.nullable().optional(),
  active: z.boolean().optional(),
});
export const scheduleUpdate = scheduleInput.partial();
export type ScheduleInput = z.infer<typeof scheduleUpdate>;

export const ENTRY_STATUSES = ["taken", "skipped", "late", "snoozed", "prn_taken"] as const;

export const entryInput = z.object({
  medication_id: z.uuid(),
  schedule_id: z.uuid().nullable().optional(),
  status: z.enum(ENTRY_STATUSES).optional(),
  taken_at: instant.nullable().optional(),
  scheduled_for: instant.nullable().optional(),
  entry_date: calendarDay.nullable().optional(),
  med_name_snapshot: text(200),
  dose_amount_snapshot: amount,
  dose_unit_snapshot: text(20),
  notes: text(2000),
  source: z.string().trim().min(1).max(50).optional(),
  custom_fields: z.record(z.string(), z.unknown()).nullable().optional(),
});
export const entryUpdate = entryInput.omit({ medication_id: true }).partial();
export type EntryInput = z.infer<typeof entryInput>;
export type EntryUpdate = z.infer<typeof entryUpdate>;

export const dateRangeQuery = z.object({
  fromDate: calendarDay.optional(),
  toDate: calendarDay.optional(),
  medicationId: z.uuid().optional(),
});

const nullableNumber = z.number().nullable();

export const scheduleRow = z
  .object({
    id: z.uuid(),
    medication_id: z.uuid(),
    schedule_type_id: z.string(),
    time_of_day: z.string().nullable(),
    dose_amount: nullableNumber,
    days_of_week: z.array(z.number()).nullable(),
    interval_days: nullableNumber,
    day_of_month: nullableNumber,
    cycle_on_days: nullableNumber,
    cycle_off_days: nullableNumber,
    prn_reason: z.string().nullable(),
    prn_max_per_day: nullableNumber,
    with_meal: z.string().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    active: z.boolean(),
  })
  .openapi("MedicationSchedule");

export const medicationRow = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    name: z.string(),
    type_id: z.string().nullable(),
    strength_value: nullableNumber,
    strength_unit: z.string().nullable(),
    dose_amount: nullableNumber,
    dose_unit: z.string().nullable(),
    is_active: z.boolean(),
    is_supplement: z.boolean(),
    nutrients: z.record(z.string(), z.number()),
    half_life_hours: nullableNumber,
    injection_sites: z.array(z.string()),
    // The phone app declares a photo; this server keeps none, so it is always null.
    photo_path: z.string().nullable(),
    schedules: z.array(scheduleRow).optional(),
  })
  .passthrough()
  .openapi("Medication");

export const entryRow = z
  .object({
    id: z.uuid(),
    medication_id: z.uuid().nullable(),
    schedule_id: z.uuid().nullable(),
    user_id: z.uuid(),
    status: z.string(),
    taken_at: z.string(),
    scheduled_for: z.string().nullable(),
    entry_date: z.string(),
  })
  .passthrough()
  .openapi("MedicationEntry");
