import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "./context.ts";

export const DEMO_BLOCKED_MESSAGE = "This action is not available in the demo account.";

/**
 * Put after requireUser() on account management, file uploads, AI, integrations and the
 * admin surface: the shared demo account answers 403 there. Costs nothing unless demo
 * mode is on, the only time anyone can sign in to the demo account.
 */
export function blockDemoAccount(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { config, db, auth } = c.var;
    if (config.demoMode) {
      const [user] = await db.withUser(
        auth.actorId,
        (tx) => tx<{ is_demo: boolean }[]>`select is_demo from users where id = ${auth.actorId}`,
      );
      if (user?.is_demo) throw new HttpError(403, DEMO_BLOCKED_MESSAGE);
    }
    await next();
  };
}
