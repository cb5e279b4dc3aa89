import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.ts";
import type { AppEnv, AuthInfo } from "./context.ts";

/** The seven family-sharing permissions an owner can grant (spec, "Family sharing"). */
export type GrantFlag =
  | "can_manage_diary"
  | "can_manage_checkin"
  | "can_manage_medications"
  | "can_view_reports"
  | "can_view_food_library"
  | "can_view_exercise_library"
  | "share_external_providers";

/**
 * The permission word a route (and its tables, through `app_protect_user_table` in SQL)
 * is protected by: a grant flag, or 'checkin_photos' (can_manage_checkin with no
 * read-downgrade), 'profile' (profile, layout, onboarding) or 'owner_only' (never shared).
 * `app_grant_allows` in sql/00008_family_access.sql is the one table of what each allows.
 */
export type FamilyPermission = GrantFlag | "checkin_photos" | "profile" | "owner_only";

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
