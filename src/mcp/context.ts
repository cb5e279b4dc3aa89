import type { Config } from "../config.ts";
import type { Database } from "../db.ts";
import { wallClock } from "../lib/record-time.ts";
import type { Logger } from "../logger.ts";
import type { ToolContext } from "./tool.ts";

/** A tool context for `userId`'s data acted on by `actorId`, dated in the owner's zone. */
export async function createToolContext(
  deps: { config: Config; db: Database; logger: Logger },
  userId: string,
  actorId: string,
): Promise<ToolContext> {
  const [profile] = await deps.db.withUser(
    userId,
    (tx) => tx<{ timezone: string | null }[]>`
      select timezone from user_profiles where user_id = ${userId}`,
    actorId,
  );
  const timezone = profile?.timezone || "UTC";
  const today = wallClock(new Date(), { kind: "iana", name: timezone }).date;
  return { ...deps, userId, actorId, timezone, today };
}
