import { z } from "@hono/zod-openapi";
import { calendarDay } from "../lib/calendar-day.ts";
import { HttpError } from "../errors.ts";

const measurement = z
  .number({ error: "must be a number or null" })
  .min(0, { error: "must not be negative" })
  .nullable();
const percentage = z
  .number({ error: "must be a number or null" })
  .min(0, { error: "must be between 0 and 100" })
  .max(100, { error: "must be between 0 and 100" })
  .nullable();

/**
 * The measurements a client may set. Every key is optional: only the keys sent are
 * written, and `null` clears one. zod drops keys not listed here, which is how unknown
 * keys and `bmi` (derived for display, never stored) are ignored.
 */
export const measurementFieldsSchema = z.object({
  weight: measurement.optional().openapi({ description: "Kilograms" }),
  height: measurement.optional().openapi({ description: "Centimetres" }),
  body_fat_percentage: percentage.optional(),
  neck: measurement.optional().openapi({ description: "Centimetres" }),
  waist: measurement.optional().openapi({ description: "Centimetres" }),
  hips: measurement.optional().openapi({ description: "Centimetres" }),
  steps: z
    .number({ error: "must be a non-negative integer or null" })
    .int({ error: "must be a non-negative integer" })
    .min(0, { error: "must be a non-negative integer" })
    // The column is a PostgreSQL integer.
    .max(2_147_483_647, { error: "is too large" })
    .nullable()
    .optional(),
  muscle_mass_kg: measurement.optional(),
  bone_mass_kg: measurement.optional(),
  body_water_percentage: percentage.optional(),
  bmr: z
    .number({ error: "must be a number or null" })
    .min(300, { error: "must be between 300 and 10000 kcal" })
    .max(10_000, { error: "must be between 300 and 10000 kcal" })
    .nullable()
    .optional(),
});

export type MeasurementFields = z.infer<typeof measurementFieldsSchema>;
export type MeasurementField = keyof MeasurementFields;

export const checkInBodySchema = measurementFieldsSchema.extend({
  entry_date: calendarDay,
});

export const checkInRowSchema = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    entry_date: z.string(),
    weight: z.number().nullable(),
    height: z.number().nullable(),
    body_fat_percentage: z.number().nullable(),
    neck: z.number().nullable(),
    waist: z.number().nullable(),
    hips: z.number().nullable(),
    steps: z.number().nullable(),
    muscle_mass_kg: z.number().nullable(),
    bone_mass_kg: z.number().nullable(),
    body_water_percentage: z.number().nullable(),
    bmr: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    updated_by: z
      .uuid()
      .nullable()
      .describe("Who last wrote the row: the owner or a family member"),
  })
  .openapi("CheckInMeasurement");

/** The JSON object of a request body, read by hand so a missing date gets the spec's message. */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, "Request body must be a JSON object.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "Request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/** The measurement keys present in `fields`, in a fixed order for the SQL column list. */
export function presentFields(fields: MeasurementFields): MeasurementField[] {
  return (Object.keys(measurementFieldsSchema.shape) as MeasurementField[]).filter(
    (key) => fields[key] !== undefined,
  );
}
