import { z } from "@hono/zod-openapi";

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const sex = z.enum(["male", "female", "other"]).nullable();
const units = z.object({
  weight: z.enum(["kg", "lbs", "st"]),
  distance: z.enum(["km", "miles"]),
  height: z.enum(["cm", "inches"]),
  energy: z.enum(["kcal", "kJ"]),
});

export const profileSchema = z
  .object({
    user_id: z.string().uuid(),
    name: z.string(),
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
    date_of_birth: z.iso
      .date()
      .refine((d) => d <= new Date().toISOString().slice(0, 10), "must not be in the future")
      .nullable(),
    sex,
    gender: sex,
    timezone: z.string().refine(isTimeZone, "must be an IANA time zone such as Europe/Berlin"),
    height: z.number().positive().max(300).nullable(),
    max_heart_rate: z.number().int().min(60).max(260).nullable(),
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

export const passwordChange = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: z.string().max(1024),
});
