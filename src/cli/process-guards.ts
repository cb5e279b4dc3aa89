import type { Logger } from "../logger.ts";

/**
 * A server process outlives what would otherwise end it at once. SIGHUP (the terminal it was
 * started from closed, or a supervisor's "reload") is logged and ignored: there is nothing to
 * reload, the configuration is read at start. A promise rejected with no handler, or an
 * exception thrown outside any request (a library's stray, such as a database connection
 * closing under a query nobody awaits), is logged with its stack and the server carries on:
 * every request and job handles its own errors, so one stray must not drop them all.
 */
export function guardServerProcess(logger: Logger): void {
  process.on("SIGHUP", () =>
    logger.info("SIGHUP received and ignored; stop the server with SIGTERM or SIGINT"),
  );
  process.on("unhandledRejection", (reason) => {
    if (!isClosedOutput(reason))
      logger.error("unhandled promise rejection (the server carries on)", describe(reason));
  });
  process.on("uncaughtException", (error) => {
    if (!isClosedOutput(error))
      logger.error("uncaught exception (the server carries on)", describe(error));
  });
}

// A log line written to a stdout or stderr whose reader went away (a closed pipe) fails with
// EPIPE: logging that would fail the same way, again and again.
const isClosedOutput = (reason: unknown) => (reason as { code?: unknown })?.code === "EPIPE";

function describe(reason: unknown) {
  return reason instanceof Error
    ? { error: reason.message, code: (reason as { code?: unknown }).code, stack: reason.stack }
    : { error: String(reason) };
}
