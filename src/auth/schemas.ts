import { z } from "@hono/zod-openapi";

export const errorSchema = z.object({ error: z.string() });
export const errorContent = { "application/json": { schema: errorSchema } };

export const userSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["user", "admin"]),
  })
  .openapi("SessionUser");

export const sessionResponse = z.object({ token: z.string(), user: userSchema });

export const signInResponse = z.union([
  sessionResponse.extend({ twoFactorSetupRequired: z.boolean().optional() }),
  z.object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) }),
]);

export const signUpBody = z.object({
  email: z.string().max(320),
  password: z.string().max(1024),
  name: z.string().max(200).optional(),
});

export const signInBody = z.object({
  email: z.string().max(320),
  password: z.string().max(1024),
});

export const currentSession = z
  .object({
    session: z.object({
      id: z.string().uuid(),
      userId: z.string().uuid(),
      expiresAt: z.date(),
      token: z
        .string()
        .optional()
        .describe("For apps (no Sec-Fetch-Site header): the bearer token, e.g. after SSO"),
    }),
    user: userSchema,
  })
  .nullable();

export const authSettings = z.object({
  trusted_origin: z.string().optional().describe("SERVICE_FITNESS_PUBLIC_URL, when set"),
  email: z.object({ enabled: z.boolean() }).describe("Password sign-in"),
  signup: z.object({ enabled: z.boolean() }),
  signup_disabled: z.boolean().describe("The phone app's name for !signup.enabled"),
  demo: z.object({ enabled: z.boolean() }),
  oidc: z.object({
    enabled: z.boolean(),
    providers: z
      .array(
        z.object({
          id: z.string().describe("For POST /api/auth/sign-in/sso"),
          display_name: z.string(),
          logo_url: z.string().nullable(),
          auto_register: z.boolean(),
        }),
      )
      .describe("The sign-in providers, as the phone app reads them"),
    details: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  passkeys: z.object({ enabled: z.boolean() }),
  twoFactor: z.object({
    enabled: z.boolean(),
    required: z.boolean().describe("The administrator made a second factor mandatory"),
    emailCodes: z.boolean().describe("SMTP is configured, so email codes work"),
  }),
});
