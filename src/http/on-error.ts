import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { DatabaseUnavailableError, HttpError, describeZodError } from "../errors.ts";
import { isConnectionLost } from "../lib/connection-lost.ts";
import { DISK_FULL_MESSAGE, isDiskFull } from "../lib/disk-full.ts";
import type { AppEnv } from "./context.ts";

/** The one error mapping: every error body is `{ "error": "<message>" }`. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  if (isConnectionLost(error)) {
    c.var.logger.warn("database unavailable", { path: c.req.path, error: error.message });
    error = new DatabaseUnavailableError(error);
  }
  if (isDiskFull(error)) {
    c.var.logger.error("the disk is full", { path: c.req.path, error: error.message });
    error = new HttpError(507, DISK_FULL_MESSAGE);
  }
  if (error instanceof HttpError) {
    return c.json({ error: error.message }, error.status, error.headers);
  }
  if (error instanceof ZodError) return c.json({ error: describeZodError(error) }, 400);
  if (error instanceof HTTPException) {
    const message =
      error.status === 413 ? "Request body too large." : error.message || "Request failed.";
    return c.json({ error: message }, error.status);
  }
  if (isUniqueViolation(error)) return c.json({ error: "That record already exists." }, 409);
  // A CHECK constraint is the database's last word on a value's range: bad input, not a fault.
  if (sqlState(error) === "23514") return c.json({ error: "A value is out of range." }, 400);
  // Class 22 (data exception): a value the database cannot take, such as a NUL character
  // in text or a number beyond its column's range, sent by a client: bad input, not a fault.
  if (sqlState(error)?.startsWith("22")) return c.json({ error: "A value is not valid." }, 400);
  c.var.logger.error("unhandled error", {
    requestId: c.var.requestId,
    path: c.req.path,
    error: error.message,
    stack: error.stack,
  });
  return c.json({ error: "Internal server error." }, 500);
}

function sqlState(error: unknown): string | undefined {
  return (error as { code?: string }).code;
}

function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === "23505";
}
