import type { Context, MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { requirePermission } from "../http/permissions.ts";

/** The spec: can_manage_medications reads and writes; can_view_reports reads (downgrade). */
export const readAccess: MiddlewareHandler<AppEnv> = every(
  requireUser(),
  requirePermission("can_manage_medications", { write: false }),
);
export const writeAccess: MiddlewareHandler<AppEnv> = every(
  requireUser(),
  requirePermission("can_manage_medications", { write: true }),
);

// Supplement nutrition counts in the diary's totals, so changing it is also a diary write.
const diaryWrite = requirePermission("can_manage_diary", { write: true });

/** Throws the permission 403 when `nutrients` is being set without can_manage_diary. */
export async function requireDiaryWriteFor(c: Context<AppEnv>, nutrients: unknown) {
  if (nutrients !== undefined) await diaryWrite(c, async () => {});
}
