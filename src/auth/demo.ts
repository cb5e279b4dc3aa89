import { createRoute } from "@hono/zod-openapi";
import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";
import { limitDemoLogin } from "../http/rate-limit.ts";
import { createRouter } from "../http/router.ts";
import { createUserAccount, findUserByEmail } from "../users/accounts.ts";
import { errorContent, sessionResponse } from "./schemas.ts";
import { startSession } from "./sign-in.ts";
import { randomToken } from "../credentials/tokens.ts";

// The .invalid top-level domain is reserved, so no real mailbox can have this address.
export const DEMO_EMAIL = "demo@fitness.invalid";

/**
 * Makes sure the demo account exists, is marked as such, has no usable password (it is
 * entered only through demo-login) and holds a week of sample check-ins. Idempotent, so
 * every start and every demo login may call it.
 */
export async function ensureDemoAccount(db: Database) {
  let user = await findUserByEmail(db, DEMO_EMAIL);
  if (!user) {
    try {
      await createUserAccount(db, { email: DEMO_EMAIL, password: randomToken(), name: "Demo" });
    } catch (error) {
      // A concurrent demo login created it first.
      if (!(error instanceof HttpError && error.status === 409)) throw error;
    }
    user = (await findUserByEmail(db, DEMO_EMAIL))!;
  }
  const id = user.id;
  await db.withUser(id, async (tx) => {
    await tx`update users set is_demo = true, password_hash = null where id = ${id} and not is_demo`;
    await tx`
      insert into check_in_measurements (user_id, entry_date, weight, steps)
      select ${id}, current_date - d, round((72.4 + d * 0.15)::numeric, 1)::double precision,
             6000 + (d * 1373) % 5000
        from generate_series(0, 6) as d
      on conflict (user_id, entry_date) do nothing`;
  });
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

const demoLogin = createRoute({
  method: "post",
  path: "/api/auth/demo-login",
  tags: ["Authentication"],
  summary: "One-click sign-in to the shared demo account (demo mode only)",
  middleware: [limitDemoLogin()] as const,
  responses: {
    200: { description: "Signed in", content: { "application/json": { schema: sessionResponse } } },
    429: { description: "Too many demo logins", content: errorContent },
  },
});

/** Mounted only in demo mode, so the path answers 404 otherwise. */
export const demoRoutes = createRouter().openapi(demoLogin, async (c) => {
  const user = await ensureDemoAccount(c.var.db);
  return c.json(await startSession(c, user), 200);
});
