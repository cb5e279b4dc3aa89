import { z } from "@hono/zod-openapi";

/** The seven permissions of a grant (spec, "Family sharing"), each false unless sent. */
export const GRANT_FLAGS = [
  "can_manage_diary",
  "can_manage_checkin",
  "can_manage_medications",
  "can_view_reports",
  "can_view_food_library",
  "can_view_exercise_library",
  "share_external_providers",
] as const;

const flagFields = Object.fromEntries(GRANT_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
  (typeof GRANT_FLAGS)[number],
  z.ZodBoolean
>;

// An instant with its offset, so "until when" never depends on the server's zone.
const endDate = z.iso
  .datetime({ offset: true })
  .nullable()
  .openapi({ example: "2026-12-31T23:59:59Z", description: "Access ends at this instant" });

export const grantCreate = z
  .object({
    delegate_email: z.string().trim().min(3).max(320).openapi({ example: "partner@example.com" }),
    ...flagFields,
    access_end_date: endDate,
    is_active: z.boolean(),
  })
  .partial()
  .required({ delegate_email: true })
  .strict()
  .openapi("FamilyGrantCreate");

export const grantUpdate = z
  .object({ ...flagFields, access_end_date: endDate, is_active: z.boolean() })
  .partial()
  .strict()
  .openapi("FamilyGrantUpdate");

export type GrantFlags = Record<(typeof GRANT_FLAGS)[number], boolean>;
export type GrantCreate = z.infer<typeof grantCreate>;
export type GrantUpdate = z.infer<typeof grantUpdate>;

export const grantSchema = z
  .object({
    id: z.uuid(),
    delegate_user_id: z.uuid(),
    delegate_email: z.string(),
    delegate_name: z.string(),
    ...flagFields,
    access_end_date: z.string().nullable(),
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("FamilyGrant");

export const accessibleUserSchema = z
  .object({
    user_id: z.uuid(),
    full_name: z.string(),
    email: z.string(),
    is_self: z.boolean(),
    permissions: z.object(flagFields),
    access_end_date: z.string().nullable(),
  })
  .openapi("AccessibleUser");

export const switchContextBody = z.object({ targetUserId: z.uuid() }).strict();

export const switchContextResult = z.object({ message: z.string(), activeUserId: z.uuid() });
