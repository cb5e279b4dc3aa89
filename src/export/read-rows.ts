import type { Tx } from "../db.ts";
import { readExportedShapes, type TableShape } from "./table-shapes.ts";

export type Row = Record<string, unknown>;

/**
 * The user's own rows of every exported table, as PostgreSQL's JSON of them (dates,
 * instants and arrays in the form jsonb_populate_recordset reads back). Filtered on
 * user_id as well as by RLS: a family member's shared rows are theirs, not the caller's.
 */
export async function readUserRows(
  tx: Tx,
  userId: string,
): Promise<{ shapes: TableShape[]; rows: Map<string, Row[]> }> {
  const shapes = await readExportedShapes(tx);
  const rows = new Map<string, Row[]>();
  for (const shape of shapes) {
    const found = await tx<{ row: Row }[]>`
      select to_jsonb(t) - 'updated_by' - ${shape.serverNumbered}::text[] as row
        from ${tx(shape.name)} t
      where t.user_id = ${userId}
      order by ${shape.primaryKey.length ? tx(shape.primaryKey) : tx`1`}`;
    rows.set(
      shape.name,
      found.map((r) => r.row),
    );
  }
  return { shapes, rows };
}
