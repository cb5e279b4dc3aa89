import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { fileReferences, renameFileReferences } from "./file-references.ts";
import type { IdMap } from "./id-map.ts";
import type { Row } from "./read-rows.ts";
import type { TableShape } from "./table-shapes.ts";

export type TableCounts = { read: number; added: number; skipped: number };
/** An upload an inserted row points at: where it was, where it goes. */
export type FileMove = { from: string; to: string };

/**
 * Inserts one table's archive rows as the target user: the row's own id and every id it
 * points at replaced through the id map, upload paths renamed the same way. A row whose
 * natural key already exists here is left out (nothing added, nothing overwritten), apart
 * from the one-per-user settings rows, which take the archive's values.
 */
export async function importTableRows(
  tx: Tx,
  shape: TableShape,
  archiveRows: Row[],
  ids: IdMap,
): Promise<{ counts: TableCounts; files: FileMove[] }> {
  const rows = shape.idType
    ? archiveRows.filter((row) => !ids.importedBefore(shape.name, row.id))
    : archiveRows;
  let prepared = await dropDanglingReferences(
    tx,
    shape,
    rows.map((row) => translateRow(shape, row, ids)),
  );
  // Without a key to collide on (laps, heart-rate zones), a row would be added again on
  // every run: it comes in only with a parent row this run added.
  if (shape.primaryKey.length === 0) {
    prepared = prepared.filter(({ row }) =>
      [...shape.references].some(
        ([column, parent]) => parent !== "users" && ids.insertedThisRun(parent, row[column]),
      ),
    );
  }
  const counts = { read: archiveRows.length, added: 0, skipped: archiveRows.length };
  if (prepared.length === 0) return { counts, files: [] };
  const inserted = await insertRows(
    tx,
    shape,
    prepared.map((p) => p.row),
  );
  counts.added = inserted.length;
  counts.skipped = archiveRows.length - inserted.length;
  if (!shape.idType) return { counts, files: [] };
  const insertedIds = new Set(inserted);
  const files: FileMove[] = [];
  const added: string[] = [];
  for (const { source, row } of prepared) {
    if (!insertedIds.has(String(row.id))) {
      ids.forget(shape.name, String(source.id));
      continue;
    }
    added.push(String(source.id));
    const targets = fileReferences(row);
    fileReferences(source).forEach((from, i) => files.push({ from, to: targets[i]! }));
  }
  await ids.record(tx, shape.name, added);
  return { counts, files };
}

function translateRow(shape: TableShape, source: Row, ids: IdMap): { source: Row; row: Row } {
  const row: Row = {};
  for (const column of shape.columns) {
    if (!(column.name in source)) continue;
    const value = source[column.name];
    const parent = shape.references.get(column.name);
    if (column.name === "user_id") row.user_id = ids.targetUserId;
    else if (column.name === "id" && shape.idType) row.id = ids.get(shape.name, value);
    else if (parent && value !== null) row[column.name] = ids.get(parent, value) ?? value;
    else if (column.type === "uuid" && typeof value === "string")
      row[column.name] = ids.getUuid(value) ?? value;
    else if (column.type === "uuid[]" && Array.isArray(value)) {
      row[column.name] = value.map((v) => (typeof v === "string" ? (ids.getUuid(v) ?? v) : v));
    } else row[column.name] = value;
  }
  const renamed = renameFileReferences(row, (relative) =>
    relative
      .split("/")
      .map((segment) => ids.getUuid(segment) ?? renameFileName(segment, ids))
      .join("/"),
  );
  return { source, row: renamed };
}

// Upload names are `<uuid>.<ext>`: an id in the name is renamed like a folder named by one.
function renameFileName(segment: string, ids: IdMap): string {
  const dot = segment.indexOf(".");
  if (dot < 0) return segment;
  const renamed = ids.getUuid(segment.slice(0, dot));
  return renamed ? renamed + segment.slice(dot) : segment;
}

/**
 * Every reference must lead to a row the user can see here: one imported (now or by an
 * earlier run), a shared library row, or the row an archive row collided with when
 * importing one's own archive. Any other becomes null, or leaves its row out when the
 * column cannot be null.
 */
async function dropDanglingReferences(
  tx: Tx,
  shape: TableShape,
  rows: { source: Row; row: Row }[],
) {
  let kept = rows;
  for (const [column, parent] of shape.references) {
    if (column === "user_id") continue;
    const values = [
      ...new Set(kept.map((r) => r.row[column]).filter((v) => v !== null && v !== undefined)),
    ].map(String);
    if (values.length === 0) continue;
    const existing = await tx<{ id: string }[]>`
      select id::text as id from ${tx(parent)} where id::text = any(${values})`;
    const found = new Set(existing.map((e) => e.id));
    const nullable = shape.columns.find((c) => c.name === column)?.nullable ?? false;
    kept = kept.flatMap((r) => {
      const value = r.row[column];
      if (value === null || value === undefined || found.has(String(value))) return [r];
      return nullable ? [{ ...r, row: { ...r.row, [column]: null } }] : [];
    });
  }
  return kept;
}

/**
 * One statement for the table: jsonb_populate_recordset reads the rows in the column
 * types of this server. Returns the ids of the rows inserted (empty strings for tables
 * without an own id).
 */
async function insertRows(tx: Tx, shape: TableShape, rows: Row[]): Promise<string[]> {
  const columns = Object.keys(rows[0]!);
  const onlyUserKey = shape.primaryKey.length === 1 && shape.primaryKey[0] === "user_id";
  const updated = columns.filter((c) => c !== "user_id");
  const onConflict =
    onlyUserKey && updated.length > 0
      ? tx`on conflict (user_id) do update set (${tx(updated)}) =
             (select ${tx(updated)} from jsonb_populate_record(null::${tx(shape.name)}, to_jsonb(excluded)))`
      : tx`on conflict do nothing`;
  try {
    const inserted = await tx<{ key: string }[]>`
      insert into ${tx(shape.name)} (${tx(columns)})
      ${shape.idType === "integer" ? tx`overriding system value` : tx``}
      select ${tx(columns)} from jsonb_populate_recordset(null::${tx(shape.name)}, ${tx.json(rows as never)})
      ${onConflict}
      returning ${shape.idType ? tx`id::text` : tx`''`} as key`;
    return inserted.map((r) => r.key);
  } catch {
    // The database's own message names constraints and columns: it stays in the server.
    throw new HttpError(400, `The archive's ${shape.name} rows do not fit this server.`);
  }
}
