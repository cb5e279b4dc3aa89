import postgres from "postgres";
import type { Config } from "./config.ts";
import { checkDatabaseReachable } from "./database/connection-check.ts";
import { createReserver } from "./database/availability.ts";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "./database/embedded.ts";
import { listenInSession } from "./database/embedded-notices.ts";
import { applyMigrations } from "./database/migrate.ts";
import { listenOnServer, type Listen } from "./database/notices.ts";
import {
  allInOneTrip,
  inOneTrip,
  inTransaction,
  type Answers,
  type Statements,
} from "./database/transaction.ts";

export type { Answers, Statements };

export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;

/** The role every request transaction runs as: owns no table, cannot bypass RLS. */
export const APP_ROLE = "fitness_app";

export type Database = {
  /** Owner connection: only migrations and explicitly named admin/CLI functions use it. */
  readonly owner: Sql;
  /**
   * Runs fn in a transaction as the application role with `app.user_id` (whose data) and
   * `app.actor_id` (who acts; differs under family sharing) set for that transaction only.
   */
  withUser<T>(userId: string, fn: (tx: Tx) => Promise<T>, actorId?: string): Promise<T>;
  /** Runs fn as the application role with no user: only SECURITY DEFINER lookups succeed. */
  withAnonymous<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One statement as withUser runs it, in a single round trip: BEGIN, the settings, the
   * statement and COMMIT go together, so a read that needs one statement holds no
   * transaction open while its answer travels here and a COMMIT travels back.
   */
  statementAsUser<T extends readonly postgres.Row[]>(
    userId: string,
    statement: (sql: Sql) => postgres.PendingQuery<T>,
    actorId?: string,
  ): Promise<postgres.RowList<T>>;
  /**
   * Statements that do not depend on each other's answers, as statementAsUser runs one: all
   * in the same single round trip, their answers in order.
   */
  statementsAsUser<R extends readonly (readonly postgres.Row[])[]>(
    userId: string,
    statements: (sql: Sql) => Statements<R>,
    actorId?: string,
  ): Promise<Answers<R>>;
  /** One statement as the application role with no user, in a single round trip. */
  statementAsAnonymous<T extends readonly postgres.Row[]>(
    statement: (sql: Sql) => postgres.PendingQuery<T>,
  ): Promise<postgres.RowList<T>>;
  readonly embedded: boolean;
  /**
   * Hears NOTIFY on a channel from every process sharing the database (the embedded
   * engine: see database/embedded-notices.ts), off the request path.
   */
  listen: Listen;
  close(): Promise<void>;
};

type OpenOptions = {
  migrate?: boolean;
  maxConnections?: number;
  /** Told when a first start creates the embedded database (it can take a minute). */
  onInitialise?: (dataDir: string) => void;
};

/** Connects to the configured PostgreSQL, or starts the embedded one, and migrates it. */
export async function openDatabase(config: Config, options: OpenOptions = {}): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let owner: Sql;
  if (config.databaseUrl) {
    owner = postgres(config.databaseUrl, connectionOptions(options.maxConnections ?? 10));
  } else {
    embedded = await startEmbeddedDatabase(config.dataDir, options.onInitialise);
    owner = postgres({
      path: embedded.socketPath,
      username: "postgres",
      database: "postgres",
      // PGlite is one session: more connections add no parallelism, and pglite-socket can
      // interleave two connections' extended-protocol messages ("portal does not exist").
      ...connectionOptions(1),
    });
  }
  try {
    if (config.databaseUrl) await checkDatabaseReachable(owner, config.databaseUrl);
    if (options.migrate !== false) await applyMigrations(owner);
  } catch (error) {
    await owner.end();
    await embedded?.stop();
    throw error;
  }
  return createDatabase(
    owner,
    async () => {
      await owner.end({ timeout: 5 });
      await embedded?.stop();
    },
    embedded !== undefined,
    embedded ? listenInSession(owner, embedded.watch) : undefined,
  );
}

/** Wraps an existing owner connection (used by tests that create their own databases). */
export function createDatabase(
  owner: Sql,
  close: () => Promise<void>,
  embedded = false,
  listen: Listen = listenOnServer(owner),
): Database {
  // One statement sets both settings and the role for this transaction only:
  // set_config('role', ..., true) is SET LOCAL ROLE, minus a round trip. inTransaction sends
  // it together with BEGIN and fn's first query; inOneTrip with BEGIN, the statement and COMMIT.
  const setRole = (userId: string, actorId: string) => (sql: Sql) =>
    sql`select set_config('app.user_id', ${userId}, true),
               set_config('app.actor_id', ${actorId}, true),
               set_config('role', ${APP_ROLE}, true)`;
  // One-trip reads also take the generic plan of their prepared statement at once. By
  // default PostgreSQL plans the first five executions on each pool connection for their
  // parameters: as the pool hands requests to each of its connections in turn, a read made
  // a few dozen times was planned every time, and planning the daily summary's statement
  // (with its row-level security) costs PostgreSQL 6 ms where running it costs 2. These
  // reads filter on the user and the day or range, which a generic plan does as well.
  const setRoleForRead = (userId: string, actorId: string) => (sql: Sql) =>
    sql`select set_config('app.user_id', ${userId}, true),
               set_config('app.actor_id', ${actorId}, true),
               set_config('role', ${APP_ROLE}, true),
               set_config('plan_cache_mode', 'force_generic_plan', true)`;
  const reserve = createReserver(owner);
  const asAppRole = <T>(userId: string, actorId: string, fn: (tx: Tx) => Promise<T>) =>
    inTransaction(reserve, setRole(userId, actorId), fn);
  return {
    owner,
    embedded,
    listen,
    close,
    withUser: (userId, fn, actorId) => asAppRole(userId, actorId ?? userId, fn),
    withAnonymous: (fn) => asAppRole("", "", fn),
    statementAsUser: (userId, statement, actorId) =>
      inOneTrip(reserve, setRoleForRead(userId, actorId ?? userId), statement),
    statementsAsUser: (userId, statements, actorId) =>
      allInOneTrip(reserve, setRoleForRead(userId, actorId ?? userId), statements),
    statementAsAnonymous: (statement) => inOneTrip(reserve, setRole("", ""), statement),
  };
}

export function connectionOptions(max: number): postgres.Options<{}> {
  return {
    max,
    idle_timeout: 60,
    connect_timeout: 10,
    // Seconds between attempts to reconnect a closed connection. postgres.js's default grows
    // to 10-20 s after a few refusals, so a server lagged that long behind a database that
    // restarted; a second at most brings it back within moments of the database.
    backoff: (retries: number) => Math.min(0.1 * 2 ** retries, 1),
    onnotice: () => {},
    types: {
      // A calendar day stays the text 'YYYY-MM-DD': turning it into a Date would shift it
      // by the server's time zone.
      date: { to: 1082, from: [1082], serialize: (v: string) => v, parse: (v: string) => v },
    },
    connection: { application_name: "fitness" },
  };
}
