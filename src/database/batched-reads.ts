import type { PendingQuery, Row } from "postgres";
import type { Tx } from "../db.ts";

type Pending = {
  select: PendingQuery<Row[]>;
  done: (rows: unknown[]) => void;
  fail: (e: unknown) => void;
};

// The reads asked for on one transaction in the same tick, waiting to be sent together.
const waiting = new WeakMap<Tx, Pending[]>();

/**
 * The rows of `select`, read together with every other select asked for on the same
 * transaction in the same tick: one statement answers them all, each as a JSON array
 * column. A statement costs the server more CPU (parse, bind, describe, a row object per
 * row) than its rows do; a day's summary asked a dozen small ones.
 *
 * The rows come back as JSON: dates as their 'YYYY-MM-DD' text and double precision as
 * the same numbers, as postgres.js reads them; a timestamptz would come back as text, so
 * a select read this way names none (or formats it itself). A select's `order by` is kept:
 * the aggregate reads its subquery in that order.
 */
export function readBatched<T extends Row>(tx: Tx, select: PendingQuery<Row[]>): Promise<T[]> {
  return new Promise<T[]>((done, fail) => {
    let batch = waiting.get(tx);
    if (!batch) {
      waiting.set(tx, (batch = []));
      queueMicrotask(() => {
        waiting.delete(tx);
        sendBatch(tx, batch!);
      });
    }
    batch.push({ select, done: done as (rows: unknown[]) => void, fail });
  });
}

async function sendBatch(tx: Tx, batch: Pending[]) {
  const columns = batch
    .map((p, i) => tx`(select coalesce(json_agg(r), '[]') from (${p.select}) r) as ${tx(`r${i}`)}`)
    .reduce((all, next) => tx`${all}, ${next}`);
  try {
    const [row] = await tx<Record<string, unknown[]>[]>`select ${columns}`;
    batch.forEach((p, i) => p.done(row![`r${i}`]!));
  } catch (error) {
    for (const p of batch) p.fail(error);
  }
}
