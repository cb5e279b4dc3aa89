import type postgres from "postgres";

const VARIABLE = "SERVICE_FITNESS_DATABASE_URL";

/** The external database cannot be used; the message names the setting and the fix. */
export class DatabaseUnreachableError extends Error {}

/**
 * One query on a fresh connection pool, so that a wrong setting fails start-up (and every
 * CLI command) at once with a sentence saying what to change, instead of a bare ENOTFOUND
 * or CONNECT_TIMEOUT from the first query that happens to run.
 */
export async function checkDatabaseReachable(sql: postgres.Sql, databaseUrl: string) {
  try {
    await sql`select 1`;
  } catch (error) {
    throw new DatabaseUnreachableError(explain(error as Error & { code?: string }, databaseUrl));
  }
}

function explain(error: Error & { code?: string }, databaseUrl: string): string {
  // The URL was checked by config; only its host, port and name are shown, never a password.
  const url = new URL(databaseUrl);
  const host = decodeURIComponent(url.hostname) || url.searchParams.get("host") || "localhost";
  const where = `${host}:${url.port || "5432"}`;
  const name = decodeURIComponent(url.pathname.slice(1)) || "(the user's default)";
  const prefix = `Cannot use the database in ${VARIABLE} (${where})`;
  switch (error.code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `${prefix}: the host name "${host}" was not found. Check the host in ${VARIABLE} (with Docker Compose, the database service's name) and that the database is on the same network.`;
    case "ECONNREFUSED":
      return `${prefix}: nothing accepts connections there. Start PostgreSQL, or fix the host and port in ${VARIABLE}.`;
    case "CONNECT_TIMEOUT":
      return `${prefix}: no answer from PostgreSQL within the connection timeout. Something accepted the connection, or nothing answered at all: check that the host and port in ${VARIABLE} are PostgreSQL's and that a firewall lets them through.`;
    case "28P01":
    case "28000":
      return `${prefix}: PostgreSQL refused the user name or password (${error.message}). Fix them in ${VARIABLE}; percent-encode special characters in the password.`;
    case "3D000":
      return `${prefix}: the database "${name}" does not exist. Create it (createdb ${name}) or fix its name in ${VARIABLE}.`;
    default:
      return `${prefix}: ${error.message}`;
  }
}
