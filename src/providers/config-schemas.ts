import { z } from "@hono/zod-openapi";
import { PROVIDER_TYPES } from "./types.ts";

const baseUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^/\s]+/, { error: "must be an http:// or https:// URL" })
  .transform((v) => v.replace(/\/+$/, ""));

/** A provider's settings as the web form sends them; credentials are write-only. */
export const providerInputSchema = z
  .object({
    provider_name: z.string().trim().min(1, { error: "is required" }).max(100),
    provider_type: z.enum(PROVIDER_TYPES, {
      error: `must be one of ${PROVIDER_TYPES.join(", ")}`,
    }),
    app_id: z.string().max(500).nullish(),
    app_key: z.string().max(4000).nullish(),
    base_url: baseUrl.nullish(),
    // Settings that are not secrets: FatSecret token_url and images_addon, Yazio's app
    // client_id and client_secret (the app's own, not the person's).
    options: z
      .record(z.string(), z.union([z.string().max(500), z.boolean(), z.number()]))
      .optional(),
    is_active: z.boolean().optional(),
    sort_order: z.number().int().min(0).max(10000).optional(),
    is_private: z.boolean().optional(),
    /** Administrators only: every user of the server may use this provider. */
    shared: z.boolean().optional(),
    /** Administrators only: the base URL may be on the home network. */
    allow_private_network: z.boolean().optional(),
  })
  .openapi("ExternalProviderInput");
export type ProviderInput = z.infer<typeof providerInputSchema>;

export const providerUpdateSchema = providerInputSchema.partial().openapi("ExternalProviderUpdate");
export type ProviderUpdate = z.infer<typeof providerUpdateSchema>;

export const externalProviderSchema = z
  .object({
    id: z.string(),
    provider_name: z.string(),
    provider_type: z.string(),
    is_active: z.boolean(),
    categories: z.array(z.string()),
    supports_barcode: z.boolean(),
    base_url: z.string().nullable(),
    options: z.record(z.string(), z.unknown()),
    sort_order: z.number(),
    is_private: z.boolean(),
    shared: z.boolean(),
    allow_private_network: z.boolean(),
    has_app_id: z.boolean(),
    has_app_key: z.boolean(),
    /** Whether the caller may change it (their own row, not a shared or built-in one). */
    editable: z.boolean(),
  })
  .openapi("ExternalProvider");
export type ExternalProvider = z.infer<typeof externalProviderSchema>;

export const providerTypeSchema = z
  .object({
    provider_type: z.string(),
    display_name: z.string(),
    categories: z.array(z.string()),
    supports_barcode: z.boolean(),
    images: z.enum(["yes", "conditional", "unverified", "none"]),
    needs_app_id: z.boolean(),
    needs_app_key: z.boolean(),
    needs_base_url: z.boolean(),
    default_base_url: z.string().nullable(),
  })
  .openapi("ExternalProviderType");
