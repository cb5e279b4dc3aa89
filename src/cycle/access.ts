import type { MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { requirePermission } from "../http/permissions.ts";

// The spec never shares cycle and pregnancy data or bump photos: 'owner_only' admits the
// owner acting as themselves and nobody else, whatever the grant (the tables say the same).
export const ownerRead: MiddlewareHandler<AppEnv> = every(
  requireUser(),
  requirePermission("owner_only", { write: false }),
);
export const ownerWrite: MiddlewareHandler<AppEnv> = every(
  requireUser(),
  requirePermission("owner_only", { write: true }),
);
