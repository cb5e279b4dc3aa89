import type { MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import type { AppEnv } from "../http/context.ts";
import type { FamilyPermission } from "../http/permissions.ts";
import { access } from "../http/route-kit.ts";
import { ensureCatalogue } from "./catalogue.ts";

const catalogueReady: MiddlewareHandler<AppEnv> = async (c, next) => {
  await ensureCatalogue(c.var.db);
  await next();
};

/**
 * route-kit's access() for routes that read or name exercises: the permission check, then
 * the shipped catalogue is in the database (written once per process).
 */
export function accessWithCatalogue(permission: FamilyPermission, write: boolean) {
  return every(access(permission, write), catalogueReady);
}
