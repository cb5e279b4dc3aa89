import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/context.ts";
import { access } from "../http/route-kit.ts";

// The spec never shares cycle and pregnancy data or bump photos: 'owner_only' admits the
// owner acting as themselves and nobody else, whatever the grant (the tables say the same).
export const ownerRead: MiddlewareHandler<AppEnv> = access("owner_only", false);
export const ownerWrite: MiddlewareHandler<AppEnv> = access("owner_only", true);
