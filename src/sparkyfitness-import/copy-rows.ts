import type { Tx } from "../db.ts";
import type { TableCounts } from "./summary.ts";
import { userRows, type SourceRow, type TableImporter, type UserImport } from "./context.ts";

// postgres.js's multi-row insert sends one parameter per value: stay well under the
// protocol's 65,535 parameters per statement.
const MAX_PARAMETERS = 30_000;

/**
 * Inserts rows whose keys are this server's column names, keeping the other server's ids:
 * a row already here (same id, or the same natural key) is left as it is, which is what
 * makes a second run add nothing.
 */
export async function insertNew(
  u: UserImport,
  target: string,
  rows: Record<string, unknown>[],
): Promise<TableCounts> {
  if (rows.length === 0) return { read: 0, written: 0, skipped: 0 };
  const columns = Object.keys(rows[0]!);
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  let written = 0;
  for (let i = 0; i < rows.length; i += perStatement) {
    const batch = rows.slice(i, i + perStatement);
    try {
      written += await u.tx.savepoint((sp) => insertRows(sp, target, batch, columns));
    } catch {
      // A value this server refuses (a check constraint, a bad reference) costs only its row.
      for (const row of batch) {
        try {
          written += await u.tx.savepoint((sp) => insertRows(sp, target, [row], columns));
        } catch (error) {
          u.summary.skip(`${target} row refused: ${(error as Error).message}`);
        }
      }
    }
  }
  return { read: rows.length, written, skipped: rows.length - written };
}

/** Adds rows the caller dropped before inserting (with their reason) to a table's counts. */
export function withDropped(counts: TableCounts, dropped: number): TableCounts {
  return {
    read: counts.read + dropped,
    written: counts.written,
    skipped: counts.skipped + dropped,
  };
}

/**
 * A table whose columns (as read, renamed where needed) match this server's one to one.
 * Rows keep their ids; a value this server does not allow skips that row with the reason
 * in the summary.
 */
export function copyTable(
  table: string,
  target: string,
  columns: string[],
  read: (u: UserImport) => Promise<SourceRow[]>,
): TableImporter {
  return {
    table,
    async run(u) {
      const rows = await userRows(u, () => read(u), `public.${table}`);
      return insertNew(
        u,
        target,
        rows.map((r) => {
          const row: Record<string, unknown> = { id: r.id, user_id: u.userId };
          for (const c of columns) row[c] = jsonColumn(u, r[c]);
          return row;
        }),
      );
    },
  };
}

const jsonColumn = (u: UserImport, value: unknown) =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date)
    ? u.tx.json(value as never)
    : value;

async function insertRows(
  tx: Tx,
  target: string,
  rows: Record<string, unknown>[],
  columns: string[],
) {
  const result = await tx`
    insert into ${tx(target)} ${tx(rows as never, columns)} on conflict do nothing`;
  return result.count;
}
