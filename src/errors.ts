import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";

/** An error whose message is safe to show the client, with the HTTP status to answer. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Seconds a client is told to wait before trying again while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database cannot be reached (refused, timed out, or the connection was lost): 503 with
 * Retry-After, which clients such as the phone app retry.
 */
export class DatabaseUnavailableError extends HttpError {
  constructor(cause?: unknown) {
    super(503, "Database unavailable.", { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
    this.cause = cause;
  }
}

/** Turns a zod error into one readable sentence naming the offending fields. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) =>
      issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
    )
    .join("; ");
}
