import { z } from "@hono/zod-openapi";
import { calendarDay } from "../lib/calendar-day.ts";
import { timeZone } from "../lib/time-zone.ts";

const sex = z.enum(["male", "female", "other"]).nullable();
const units = z.object({
  weight: z.enum(["kg", "lbs", "st"]),
  distance: z.enum(["km", "miles"]),
  height: z.enum(["cm", "inches", "ft_in"]),
  energy: z.enum(["kcal", "kJ"]),
});

export const profileSchema = z
  .object({
    user_id: z.string().uuid(),
    id: z.string().uuid().describe("The same as user_id"),
    full_name: z.string().describe("The same as name"),
    name: z.string(),
    phone_number: z.string().nullable(),
    bio: z.string().nullable(),
    avatar_url: z.string().nullable(),
    email: z.string(),
    date_of_birth: z.string().nullable(),
    sex,
    /** The same value as sex, under the name existing clients use. */
    gender: sex,
    timezone: z.string(),
    height: z.number().nullable().describe("Centimetres"),
    max_heart_rate: z.number().int().nullable(),
    units,
  })
  .openapi("Profile");

export const profileUpdate = z
  .object({
    name: z.string().trim().min(1).max(200),
    date_of_birth: calendarDay
      .refine((d) => d <= new Date().toISOString().slice(0, 10), "must not be in the future")
      .nullable(),
    sex,
    gender: sex,
    timezone: timeZone,
    height: z.number().positive().max(300).nullable(),
    max_heart_rate: z.number().int().min(60).max(260).nullable(),
    phone_number: z.string().trim().max(40).nullable(),
    bio: z.string().max(1000).nullable(),
    units: units.partial().strict(),
  })
  .partial()
  .strict();

export type ProfileUpdate = z.infer<typeof profileUpdate>;

export const accountSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["user", "admin"]),
  })
  .openapi("Account");

export const identitySchema = accountSchema
  .extend({
    activeUserId: z
      .string()
      .uuid()
      .describe("Whose data requests work on: the caller, or the owner they act for"),
  })
  .openapi("Identity");

export const passwordChange = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().max(1024),
});
