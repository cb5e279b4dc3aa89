import { z } from "@hono/zod-openapi";
import { SYNC_PROVIDERS } from "../config.ts";
import { calendarDay } from "../lib/calendar-day.ts";

export const providerParam = z.object({
  provider: z.enum(SYNC_PROVIDERS).openapi({ param: { name: "provider", in: "path" } }),
});

export const syncFrequency = z.enum(["hourly", "every_6_hours", "daily", "manual"]);

export const connectionView = z
  .object({
    provider: z.enum(SYNC_PROVIDERS),
    name: z.string(),
    auth: z.enum(["oauth2", "api_key"]),
    /** Whether a client id and secret are available (the user's own or the administrator's). */
    configured: z.boolean(),
    has_own_client: z.boolean(),
    connected: z.boolean(),
    status: z.enum(["disconnected", "pending", "connected", "error"]),
    external_user_id: z.string().nullable(),
    is_private: z.boolean(),
    sync_frequency: syncFrequency,
    last_sync_at: z.string().nullable(),
    last_error: z.string().nullable(),
    next_sync_at: z.string().nullable(),
  })
  .openapi("ProviderConnection");
export type ConnectionView = z.infer<typeof connectionView>;

export const settingsBody = z
  .object({
    client_id: z.string().trim().min(1).max(300).nullable().optional(),
    client_secret: z.string().min(1).max(1000).nullable().optional(),
    sync_frequency: syncFrequency.optional(),
    is_private: z.boolean().optional(),
  })
  .openapi("ProviderSettings");

export const authorizeQuery = z.object({
  redirect_uri: z
    .string()
    .url()
    .max(2000)
    .regex(/^https?:\/\//, "must be an http(s) URL")
    .optional(),
});
export const authorizeAnswer = z.object({ authUrl: z.string(), state: z.string() });

export const callbackBody = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
});

export const apiKeyBody = z.object({ api_key: z.string().trim().min(1).max(500) });

export const syncBody = z
  .object({ startDate: calendarDay.optional(), endDate: calendarDay.optional() })
  .refine((b) => !b.startDate || !b.endDate || b.startDate <= b.endDate, {
    message: "startDate must not be after endDate",
  });
export const syncAnswer = z.object({ message: z.string(), connection: connectionView });
