import type { PendingQuery, Row } from "postgres";
import type { Tx } from "../db.ts";

/** Whose data and which days a range read is about. */
type RangeArgs = { user: string; start: string; end: string };

/**
 * A read's SQL as plain text over its arguments (SQL expressions): whose data, first and
 * last day. The same text serves two ways: as a postgres.js fragment with the arguments as
 * parameters (inRange), to batch with other reads, and as part of a statement whose text is
 * joined once (a day's summary, day-statement.ts), which postgres.js then sends without
 * building anything: building a statement of many nested fragments cost more CPU than the
 * statement's whole answer.
 */
export type RangeSql = (args: RangeArgs) => string;

const MARK = "\u0001";
const NAMES = ["user", "start", "end"] as const;
const marked = Object.fromEntries(NAMES.map((n) => [n, `${MARK}${n}${MARK}`])) as RangeArgs;
const templates = new WeakMap<RangeSql, { strings: TemplateStringsArray; names: string[] }>();

/** The read as a fragment: its text split once at its arguments, which become parameters. */
export function inRange(
  tx: Tx,
  sql: RangeSql,
  userId: string,
  start: string,
  end: string,
): PendingQuery<Row[]> {
  let template = templates.get(sql);
  if (!template) {
    const parts = sql(marked).split(MARK);
    const strings = parts.filter((_, i) => i % 2 === 0);
    const names = parts.filter((_, i) => i % 2 === 1);
    template = { strings: Object.assign(strings, { raw: strings }), names };
    templates.set(sql, template);
  }
  const values: Record<string, string> = { user: userId, start, end };
  return tx(template.strings, ...template.names.map((n) => values[n]!));
}
