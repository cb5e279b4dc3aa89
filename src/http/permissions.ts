import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.ts";
import type { Database } from "../db.ts";
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
 * 'any_grant' lets in any live grant: for routes that keep only the caller's own rows and
 * check each action on the owner's data by its own permission (the assistant's tools).
 */
export type FamilyPermission =
  GrantFlag | "checkin_photos" | "profile" | "owner_only" | "any_grant";

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
 * data. `auth.userId` is whose data the request touches, `auth.actorId` who acts. The
 * owner always passes; anyone else is checked against the grant on every request by
 * asking PostgreSQL's `app_grant_allows`, the same function the RLS policies use, so the
 * HTTP answer and the database can never disagree (and an end date needs no job).
 */
export function requirePermission(
  permission: FamilyPermission,
  options: PermissionOptions,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get("auth");
    if (auth.actorId !== auth.userId) {
      const { allowed, live } = await askGrant(c.get("db"), auth, permission, options.write);
      if (!allowed) throw new HttpError(403, refusal(permission, options.write, live));
    }
    await next();
  };
}

async function askGrant(db: Database, auth: AuthInfo, permission: string, write: boolean) {
  const [row] = await db.withUser(
    auth.userId,
    (tx) => tx<{ allowed: boolean; live: boolean }[]>`
      select app_grant_allows(${permission}, ${write}) as allowed,
             exists (select 1 from app_live_grant()) as live`,
    auth.actorId,
  );
  return row!;
}

function refusal(permission: FamilyPermission, write: boolean, live: boolean): string {
  if (!live) return NO_ACCESS_MESSAGE;
  if (permission === "owner_only") return "Only the owner can do this.";
  return write
    ? "Forbidden: your family access does not allow changing this data."
    : "Forbidden: your family access does not include this data.";
}

/** The refusal for a switched context with no live grant (none, inactive, or ended). */
export const NO_ACCESS_MESSAGE = "Forbidden: you have no active family access to this user's data.";
