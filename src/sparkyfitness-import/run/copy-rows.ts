import { createHmac } from "node:crypto";
import type { Tx } from "../../db.ts";
import type { TableCounts } from "./summary.ts";
import { userRows, type SourceRow, type TableImporter, type UserImport } from "./context.ts";
import {
  forgetImported,
  importedDigests,
  importedIds,
  recordImported,
  targetDigests,
  type ImportedDigests,
} from "./import-record.ts";

// postgres.js's multi-row insert sends one parameter per value: stay well under the
// protocol's 65,535 parameters per statement.
const MAX_PARAMETERS = 30_000;

type Row = Record<string, unknown>;

/**
 * How a row deleted there goes here: deleted (the default) or, where deleting it would take
 * rows still in use here with it, kept in another way (a food in the diary is hidden).
 */
export type Removal = (tx: Tx, hereId: string) => Promise<{ count: number }>;
/** How deleteGone removes rows, and which recorded rows are the caller's (all by default). */
export type DeleteOptions = { remove?: Removal; owns?: (sourceId: string) => boolean };
const deleteRow = (target: string) => (tx: Tx, hereId: string) =>
  tx`delete from ${tx(target)} where id = ${hereId}`;

/**
 * Writes rows whose keys are this server's column names, keeping the other server's ids.
 * A row not here yet is inserted (one with the same natural key already here is left
 * alone). A row imported before is brought to the source's current value, unless it was
 * changed here since: then it is kept and listed as a conflict. Each run records a digest
 * of both sides (import-record.ts), so a run with nothing changed writes nothing. Rows
 * without an id (a favourite, say) are only ever added.
 * `fingerprint` gives what stands for a row's source value when a column is not the same
 * every run (a credential sealed with a fresh IV). With `carryDeletions` (the rows are all
 * of the user's rows of a table that only this call writes), a row imported before and gone
 * there since is deleted here too (or as the options say, see deleteGone), unless it changed
 * here since: then it is kept and listed.
 */
export async function insertNew(
  u: UserImport,
  target: string,
  rows: Row[],
  fingerprint: (row: Row) => unknown = (row) => row,
  { carryDeletions = false, ...deletion }: { carryDeletions?: boolean } & DeleteOptions = {},
): Promise<TableCounts> {
  if (rows.length === 0) return { read: 0, written: 0, updated: 0, skipped: 0 };
  const columns = Object.keys(rows[0]!);
  if (!columns.includes("id")) {
    const { ids: added, refused } = await insertRows(u, target, rows, columns);
    u.summary.skip("already here", rows.length - added.length - refused);
    return {
      read: rows.length,
      written: added.length,
      updated: 0,
      skipped: rows.length - added.length,
    };
  }
  const ids = rows.map((r) => String(r.id));
  const here = await targetDigests(u.tx, target, ids, columns);
  const before = await importedDigests(u.tx, u.userId, target, ids);
  const digest = (row: Row) => sourceDigest(u, fingerprint(row));

  const fresh = rows.filter((r) => !here.has(String(r.id)));
  const inserted = await insertRows(u, target, fresh, columns);
  const written = new Set(inserted.ids);
  const updated: Row[] = [];
  for (const row of rows.filter((r) => here.has(String(r.id)))) {
    const id = String(row.id);
    if (dueForUpdate(u, target, id, before.get(id), digest(row), here.get(id)))
      if (await updateRow(u, target, row, columns)) updated.push(row);
  }
  const recorded = [...updated, ...fresh.filter((r) => written.has(String(r.id)))];
  // Rows imported by an earlier release of this import start being compared from now on.
  const adopted = rows.filter((r) => here.has(String(r.id)) && !before.has(String(r.id)));
  await recordImported(
    u.tx,
    u.userId,
    target,
    columns,
    [...recorded, ...adopted].map((r) => ({
      id: String(r.id),
      source: digest(r),
    })),
  );
  u.summary.skip(
    "a row with the same key is already here",
    fresh.length - written.size - inserted.refused,
  );
  const deleted = carryDeletions ? await deleteGone(u, target, new Set(ids), columns, deletion) : 0;
  return {
    read: rows.length,
    written: written.size,
    updated: updated.length,
    ...(deleted ? { deleted } : {}),
    skipped: rows.length - written.size - updated.length,
  };
}

/**
 * Deletes here (or as `remove` says) the rows an earlier run imported that the source no
 * longer has (`present` are the source's ids), by the same rule as an edit: a row changed
 * here since that run is kept and listed as a conflict. A row this server refuses to delete
 * is kept with the reason. `columns` are those the rows were written with; `owns` picks the
 * recorded rows that are the caller's where two steps write one table. Returns how many
 * were deleted.
 */
export async function deleteGone(
  u: UserImport,
  target: string,
  present: Set<string>,
  columns: string[],
  { remove = deleteRow(target), owns = () => true }: DeleteOptions = {},
) {
  const gone = [...(await importedIds(u.tx, u.userId, target))].filter(
    ([id]) => owns(id) && !present.has(id),
  );
  if (gone.length === 0) return 0;
  const last = await importedDigests(
    u.tx,
    u.userId,
    target,
    gone.map(([id]) => id),
  );
  const here = await targetDigests(
    u.tx,
    target,
    gone.map(([, hereId]) => hereId),
    columns,
  );
  let deleted = 0;
  for (const [id, hereId] of gone) {
    const now = here.get(hereId);
    if (now !== undefined && now !== last.get(id)?.target) {
      u.summary.skip("deleted there but changed here since the last import; kept");
      u.summary.conflict(
        `${u.email}: ${target} ${hereId} deleted there but changed here since the last import; kept`,
      );
      continue;
    }
    try {
      if (now !== undefined) {
        const { count } = await u.tx.savepoint((sp) => remove(sp, hereId));
        if (count) deleted++;
        else u.summary.skip("deleted there, kept here as still in use here");
      }
      await forgetImported(u.tx, u.userId, target, id);
    } catch (error) {
      u.summary.skip(`deleted there, kept here: ${(error as Error).message}`);
    }
  }
  return deleted;
}

/** A keyed digest of a source row's value, as a re-run compares it with the last run's. */
export const sourceDigest = (u: UserImport, value: unknown) =>
  createHmac("sha256", u.encryptionKey).update(JSON.stringify(value)).digest("hex");

/**
 * Whether a row imported before (`id` here) is to be brought to the source's value: not
 * when the source did not change since the last run, when the last run did not record it,
 * or when it changed here since (then it is listed as a conflict). Says why in the summary.
 */
export function dueForUpdate(
  u: UserImport,
  target: string,
  id: string,
  last: ImportedDigests | undefined,
  source: string,
  here: string | undefined,
): boolean {
  if (last?.source === source) u.summary.skip("unchanged since the last import");
  else if (!last) u.summary.skip("imported before this server compared runs; kept as it is");
  else if (last.target !== here) {
    u.summary.skip("changed here since the last import; kept");
    u.summary.conflict(`${u.email}: ${target} ${id} changed here since the last import; kept`);
  } else return true;
  return false;
}

/**
 * The same re-run for rows written one at a time by their own writer (a workout through
 * the phone path, a photo with its file, a container numbered here): `hereId` finds a row's
 * id here (given what the last run recorded), `save` writes a new row or brings one here
 * to the source's value and returns its id here (null when refused, with the reason).
 * `columns` are those of the row here that a change here shows in. With `carryDeletions`
 * (the rows are all of the user's rows of that table the import wrote), a row imported
 * before and gone there since is deleted here by insertNew's rule.
 */
export async function saveChanged<T>(
  u: UserImport,
  target: string,
  columns: string[],
  rows: T[],
  sourceId: (row: T) => string,
  hereId: (row: T, last: ImportedDigests | undefined) => string | undefined,
  save: (row: T, id: string | undefined) => Promise<string | null>,
  { carryDeletions = false, ...deletion }: { carryDeletions?: boolean } & DeleteOptions = {},
): Promise<TableCounts> {
  const before = await importedDigests(u.tx, u.userId, target, rows.map(sourceId));
  const found = rows.map((r) => hereId(r, before.get(sourceId(r))));
  const here = await targetDigests(
    u.tx,
    target,
    found.filter((id) => id !== undefined),
    columns,
  );
  const recorded: { id: string; source: string; hereId: string }[] = [];
  let written = 0;
  let updated = 0;
  for (const [i, row] of rows.entries()) {
    const id = sourceId(row);
    const known = found[i];
    const source = sourceDigest(u, row);
    const last = before.get(id);
    if (known && !dueForUpdate(u, target, known, last, source, here.get(known))) {
      // Rows imported by an earlier release start being compared from now on.
      if (!last) recorded.push({ id, source, hereId: known });
      continue;
    }
    const saved = await save(row, known);
    if (saved === null) continue;
    recorded.push({ id, source, hereId: saved });
    if (known) updated++;
    else written++;
  }
  await recordImported(u.tx, u.userId, target, columns, recorded);
  const deleted = carryDeletions
    ? await deleteGone(u, target, new Set(rows.map(sourceId)), columns, deletion)
    : 0;
  return {
    read: rows.length,
    written,
    updated,
    ...(deleted ? { deleted } : {}),
    skipped: rows.length - written - updated,
  };
}

/**
 * Inserts the rows, a batch at a time; returns the ids written (empty for rows without
 * one) and how many rows this server refused.
 */
async function insertRows(u: UserImport, target: string, rows: Row[], columns: string[]) {
  const written: string[] = [];
  let refused = 0;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  for (let i = 0; i < rows.length; i += perStatement) {
    const batch = rows.slice(i, i + perStatement);
    try {
      written.push(...(await u.tx.savepoint((sp) => insertBatch(sp, target, batch, columns))));
    } catch {
      // A value this server refuses (a check constraint, a bad reference) costs only its row.
      for (const row of batch) {
        try {
          written.push(...(await u.tx.savepoint((sp) => insertBatch(sp, target, [row], columns))));
        } catch (error) {
          refused++;
          u.summary.skip(`row refused: ${(error as Error).message}`);
        }
      }
    }
  }
  return { ids: written, refused };
}

async function insertBatch(tx: Tx, target: string, rows: Row[], columns: string[]) {
  const id = columns.includes("id") ? tx`id::text` : tx`''`;
  const inserted = await tx<{ id: string }[]>`
    insert into ${tx(target)} ${tx(rows as never, columns)} on conflict do nothing
    returning ${id} as id`;
  return inserted.map((r) => r.id);
}

/** Brings a row to the source's value; false (with the reason) when this server refuses it. */
async function updateRow(u: UserImport, target: string, row: Row, columns: string[]) {
  const values = columns.filter((c) => c !== "id" && c !== "user_id");
  try {
    await u.tx.savepoint(
      (sp) =>
        sp`update ${sp(target)} set ${sp(row as never, values)} where id = ${row.id as string}`,
    );
    return true;
  } catch (error) {
    u.summary.skip(`row refused: ${(error as Error).message}`);
    return false;
  }
}

/** Adds rows the caller dropped before inserting (with their reason) to a table's counts. */
export function withDropped(counts: TableCounts, dropped: number): TableCounts {
  return { ...counts, read: counts.read + dropped, skipped: counts.skipped + dropped };
}

/** The counts of a table and of the rows it holds (a plan's items), as one. */
export function withItems(counts: TableCounts, items: TableCounts): TableCounts {
  const deleted = (counts.deleted ?? 0) + (items.deleted ?? 0);
  return {
    read: counts.read + items.read,
    written: counts.written + items.written,
    updated: (counts.updated ?? 0) + (items.updated ?? 0),
    ...(deleted ? { deleted } : {}),
    skipped: counts.skipped + items.skipped,
  };
}

/**
 * A table whose columns (as read, renamed where needed) match this server's one to one.
 * Rows keep their ids; a value this server does not allow skips that row with the reason
 * in the summary. A row deleted there since an earlier run is deleted here (insertNew).
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
        undefined,
        { carryDeletions: true },
      );
    },
  };
}

const jsonColumn = (u: UserImport, value: unknown) =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date)
    ? u.tx.json(value as never)
    : value;
