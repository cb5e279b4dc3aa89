import { z } from "@hono/zod-openapi";

/** Whether `zone` is an IANA time zone this runtime knows, such as Europe/Berlin. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zod schema for an IANA time zone in any body or query: one definition for all. */
export const timeZone = z
  .string()
  .max(100)
  .refine(isTimeZone, "must be an IANA time zone such as Europe/Berlin")
  .openapi({ example: "Europe/Berlin" });

/** An instant as ISO 8601 with an offset or Z. */
export const instant = z.iso
  .datetime({ offset: true, message: "must be an ISO 8601 time with a zone offset" })
  .openapi({ example: "2026-03-01T07:30:00Z" });
