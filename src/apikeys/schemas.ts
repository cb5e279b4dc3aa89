import { z } from "@hono/zod-openapi";
import { API_KEY_PERMISSIONS } from "../credentials/api-keys.ts";

const TEN_YEARS_SECONDS = 10 * 365 * 24 * 60 * 60;

export const createKeyBody = z.object({
  name: z.string().trim().min(1).max(100),
  permissions: z
    .array(z.enum(API_KEY_PERMISSIONS))
    .min(1)
    .optional()
    .describe(`Defaults to every permission: ${API_KEY_PERMISSIONS.join(", ")}`),
  expiresIn: z
    .number()
    .int()
    .positive()
    .max(TEN_YEARS_SECONDS)
    .nullable()
    .optional()
    .describe("Seconds until the key expires; absent or null for a key that does not expire"),
});

const keyFields = {
  id: z.string().uuid(),
  name: z.string(),
  permissions: z.array(z.string()),
  expiresAt: z.date().nullable(),
  createdAt: z.date(),
};

export const createdKey = z.object({
  apiKey: z.object({ ...keyFields, key: z.string().describe("Shown once; store it now") }),
});

export const listedKey = z
  .object({ ...keyFields, prefix: z.string(), lastUsedAt: z.date().nullable() })
  .openapi("ApiKey");

export const keyIdParam = z.object({ id: z.string() });
