import postgres from "postgres";
import { ADMIN_URL } from "./bench-database.ts";

/** Cumulative time PostgreSQL reports for the bench database (pg_stat_database, PG 14+). */
export type DatabaseTime = { activeMs: number; idleInTransactionMs: number; commits: number };

// Backends flush these counters about once a second when idle: wait that long before reading.
const STATS_FLUSH_MS = 1500;

/**
 * Reads the database's statement time (`active_time`) and the time its transactions sat
 * waiting for the server process (`idle_in_transaction_time`): together with the CPU
 * figures this tells whether a request waits on SQL, on JavaScript or on round trips.
 */
export function openDatabaseTimer(databaseName: string) {
  const sql = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  return {
    async read(): Promise<DatabaseTime> {
      await Bun.sleep(STATS_FLUSH_MS);
      const [row] = await sql<{ active: number; idle: number; commits: string }[]>`
        select active_time as active, idle_in_transaction_time as idle, xact_commit as commits
          from pg_stat_database where datname = ${databaseName}`;
      return {
        activeMs: row?.active ?? 0,
        idleInTransactionMs: row?.idle ?? 0,
        commits: Number(row?.commits ?? 0),
      };
    },
    close: () => sql.end(),
  };
}
