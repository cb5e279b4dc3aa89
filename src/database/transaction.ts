import postgres from "postgres";
import { isConnectionLost } from "../lib/connection-lost.ts";

type Sql = postgres.Sql;
/** Reserves a pool connection (db.ts fails fast while the database refuses connections). */
export type Reserve = () => Promise<postgres.ReservedSql>;
type Tx = postgres.TransactionSql;

const ROLLED_BACK = "The transaction was rolled back: one of its statements failed.";

/**
 * Runs fn in a transaction whose first statement is `setup`, in one round trip less than
 * postgres.js's begin(): BEGIN, the setup and fn's first query are sent together, where
 * begin() waits for BEGIN's answer before sending anything else. The connection runs them in
 * order and a failed BEGIN or setup fails what follows, so fn never runs outside the
 * transaction or without the setup.
 *
 * Like begin(), the transaction rolls back when fn or any statement fails, and commits
 * otherwise; a statement whose error fn swallowed leaves PostgreSQL's COMMIT a ROLLBACK, which
 * is reported as a failure, never as a success.
 */
export async function inTransaction<T>(
  reserve: Reserve,
  setup: (sql: Sql) => postgres.PendingQuery<postgres.Row[]>,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return onReservedConnection(reserve, async (connection, markEnded) => {
    const steps = await Promise.allSettled([
      connection`begin`.execute(),
      setup(connection).execute(),
      fn(withSavepoints(connection)),
    ]);
    const failed = steps.find((step) => step.status === "rejected");
    if (failed) {
      if (!isConnectionLost(failed.reason)) {
        await connection`rollback`;
        markEnded();
      }
      throw failed.reason;
    }
    const committed = await endWith(connection, markEnded);
    if (committed.command !== "COMMIT") throw new Error(ROLLED_BACK);
    return (steps[2] as PromiseFulfilledResult<T>).value;
  });
}

/**
 * One statement in a transaction that starts with `setup`, in a single round trip: BEGIN, the
 * setup, the statement and COMMIT are sent together. A row lock the statement takes is held
 * only while PostgreSQL runs and commits it, not while its answer travels here and COMMIT
 * travels back. A failed statement turns the COMMIT into a rollback, and its error is thrown.
 */
export async function inOneTrip<T extends readonly postgres.Row[]>(
  reserve: Reserve,
  setup: (sql: Sql) => postgres.PendingQuery<postgres.Row[]>,
  statement: (sql: Sql) => postgres.PendingQuery<T>,
): Promise<postgres.RowList<T>> {
  const [rows] = await allInOneTrip<[T]>(reserve, setup, (sql) => [statement(sql)]);
  return rows;
}

type Rows = readonly postgres.Row[];
/** Statements, one per element of R (the rows each answers). */
export type Statements<R extends readonly Rows[]> = {
  readonly [K in keyof R]: postgres.PendingQuery<R[K]>;
};
/** Their answers, in the same order. */
export type Answers<R extends readonly Rows[]> = {
  -readonly [K in keyof R]: postgres.RowList<R[K]>;
};

/**
 * Statements that do not depend on each other's answers, in one transaction and a single
 * round trip as inOneTrip sends one: BEGIN, the setup, the statements in order and COMMIT
 * go together. A failed statement fails those after it and turns the COMMIT into a
 * rollback; the first error is thrown.
 */
export async function allInOneTrip<R extends readonly Rows[]>(
  reserve: Reserve,
  setup: (sql: Sql) => postgres.PendingQuery<postgres.Row[]>,
  statements: (sql: Sql) => Statements<R>,
): Promise<Answers<R>> {
  return onReservedConnection(reserve, async (connection, markEnded) => {
    const pending: readonly { execute(): Promise<unknown> }[] = statements(connection);
    const steps = await Promise.allSettled([
      connection`begin`.execute(),
      setup(connection).execute(),
      ...pending.map((statement) => statement.execute()),
      connection`commit`.execute(),
    ]);
    const committed = steps.at(-1)!;
    // The COMMIT's answer, even a refusal, ends the transaction.
    if (committed.status === "fulfilled" || answeredByServer(committed.reason)) markEnded();
    const values = steps.map(valueOf<unknown>); // throws the first failure
    if ((values.at(-1) as postgres.RowList<postgres.Row[]>).command !== "COMMIT")
      throw new Error(ROLLED_BACK);
    return values.slice(2, -1) as Answers<R>;
  });
}

/**
 * Runs body on a reserved connection, which goes back to the pool only once body has marked
 * the transaction ended (its COMMIT or ROLLBACK answered) and so may serve others. A
 * connection that was lost is not released: postgres.js has already taken it out of the pool,
 * and failed every statement still waiting on it.
 */
async function onReservedConnection<T>(
  reserve: Reserve,
  body: (connection: postgres.ReservedSql, markEnded: () => void) => Promise<T>,
): Promise<T> {
  const connection = await reserve();
  let ended = false;
  try {
    return await body(connection, () => (ended = true));
  } finally {
    if (ended) connection.release();
  }
}

/** A refusal of COMMIT ends the transaction too, unless the connection went with it. */
function answeredByServer(error: unknown): boolean {
  return error instanceof postgres.PostgresError && !isConnectionLost(error);
}

function valueOf<V>(step: PromiseSettledResult<V>): V {
  if (step.status === "rejected") throw step.reason;
  return step.value;
}

async function endWith(connection: postgres.ReservedSql, answered: () => void) {
  try {
    const result = await connection`commit`;
    answered();
    return result;
  } catch (error) {
    if (answeredByServer(error)) answered();
    throw error;
  }
}

/**
 * The reserved connection as a transaction: savepoint(fn) runs fn inside a savepoint and
 * rolls back to it when fn fails, as postgres.js's transaction does.
 */
function withSavepoints(connection: postgres.ReservedSql): Tx {
  let count = 0;
  const tx = connection as unknown as Tx;
  const savepoint = async <U>(fn: (sp: Tx) => Promise<U>) => {
    const name = `s${count++}`;
    // Sent with fn's first statements, not a round trip ahead of them: a failed SAVEPOINT
    // fails them too, and the rollback below then fails and ends the transaction.
    const opened = connection`savepoint ${connection(name)}`.execute();
    try {
      const [, result] = await Promise.all([opened, fn(tx)]);
      return result;
    } catch (error) {
      if (!isConnectionLost(error)) await connection`rollback to ${connection(name)}`;
      throw error;
    }
  };
  // Only the callback form: no caller names its savepoints.
  return Object.assign(tx, { savepoint: savepoint as Tx["savepoint"] });
}
