import postgres from "postgres";

// Errors of the network, not of a file: a socket that failed to connect, was reset or
// closed, or a name that did not resolve.
const NETWORK_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * The database connection is gone or could not be made: postgres.js's errors for a
 * connection that closed, ended or timed out connecting, socket errors, and PostgreSQL's
 * FATAL errors (a backend terminated by an administrator or a shutdown, a server starting
 * up), after which the server closes the connection. A file's ENOENT is not one of them.
 */
export function isConnectionLost(error: unknown): boolean {
  if (error instanceof postgres.PostgresError)
    return error.severity === "FATAL" || error.severity === "PANIC";
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (typeof code !== "string") return false;
  return (
    /^(CONNECTION_(CLOSED|ENDED|DESTROYED)|CONNECT_TIMEOUT)$/.test(code) ||
    NETWORK_ERRORS.has(code) ||
    // The embedded engine's Unix socket gone (ENOENT) or refusing.
    (code.startsWith("E") && syscall === "connect")
  );
}
