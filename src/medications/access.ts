import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/context.ts";
import { requirePermission } from "../http/permissions.ts";
import { access } from "../http/route-kit.ts";

/** The spec: can_manage_medications reads and writes; can_view_reports reads (downgrade). */
export const readAccess: MiddlewareHandler<AppEnv> = access("can_manage_medications", false);
export const writeAccess: MiddlewareHandler<AppEnv> = access("can_manage_medications", true);

// Supplement nutrition counts in the diary's totals, so changing it is also a diary write.
const diaryWrite = requirePermission("can_manage_diary", { write: true });

/** Throws the permission 403 when `nutrients` is being set without can_manage_diary. */
export async function requireDiaryWriteFor(c: Context<AppEnv>, nutrients: unknown) {
  if (nutrients !== undefined) await diaryWrite(c, async () => {});
}
