import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.ts";
import type { AppEnv, AuthInfo } from "./context.ts";

/** The family-sharing permissions an owner can grant (spec, "Family sharing"). */
export type FamilyPermission =
  | "can_manage_diary"
  | "can_manage_checkin"
  | "can_manage_medications"
  | "can_view_reports"
  | "can_view_food_library"
  | "can_view_exercise_library"
  | "share_external_providers";

export type PermissionOptions = {
  /**
   * True for routes that change data, and for routes the spec keeps out of the
   * read-downgrade (check-in photos: a read-only family member gets 403 on all of them).
   * False for reads that a read-only grant may make.
   */
  write: boolean;
};

/**
 * Family-sharing hook, placed after requireUser() on every route that works on a user's
 * data. `auth.userId` is whose data the request touches, `auth.actorId` who acts.
 *
 * Today no grants exist, so only the owner acting on their own data passes, matching
 * `app_actor_may()` in SQL. The family-sharing issue fills in `actorMay` from the grants
 * table (active grant, end date not passed, `permission` set, and for `write` routes a
 * grant that allows writing) and replaces `app_actor_may()` to match; routes need no change.
 */
export function requirePermission(
  permission: FamilyPermission,
  options: PermissionOptions,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!actorMay(c.var.auth, permission, options)) {
      throw new HttpError(403, "Forbidden: you do not have permission to do this.");
    }
    await next();
  };
}

function actorMay(auth: AuthInfo, _permission: FamilyPermission, _options: PermissionOptions) {
  return auth.actorId === auth.userId;
}
