import type { Tx } from "../db.ts";
import { listSchemaTables } from "../operations/schema-tables.ts";
import { EXPORTED_TABLES } from "./domains.ts";

export type ColumnShape = { name: string; type: string; nullable: boolean };
export type TableShape = {
  name: string;
  /** Stored columns, without the trigger-stamped `updated_by` and `serverNumbered`. */
  columns: ColumnShape[];
  /**
   * Numbered columns other than the id (a set's numeric_id): each server numbers its rows
   * itself, so they are neither exported nor imported.
   */
  serverNumbered: string[];
  primaryKey: string[];
  /** The table's own id when it is a single `id` column (uuid or integer), else null. */
  idType: "uuid" | "integer" | null;
  /** Single-column foreign keys: column name -> referenced table. */
  references: Map<string, string>;
};

/**
 * The exported tables as this server's schema has them, parents before children. An
 * import reads its rows through these shapes, so an archive from an older or newer
 * schema loses only the columns this server does not have.
 */
export async function readExportedShapes(tx: Tx): Promise<TableShape[]> {
  const ordered = (await listSchemaTables(tx)).filter((t) => EXPORTED_TABLES.has(t.name));
  const names = ordered.map((t) => t.name);
  const columns = await tx<
    { table: string; name: string; type: string; nullable: boolean; numbered: boolean }[]
  >`
    select c.relname as table, a.attname as name, format_type(a.atttypid, null) as type,
           not a.attnotnull as nullable, a.attidentity <> '' and a.attname <> 'id' as numbered
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid
    where n.nspname = current_schema() and c.relname = any(${names})
      and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' and a.attname <> 'updated_by'
    order by c.relname, a.attnum`;
  const keys = await tx<{ table: string; kind: string; columns: string[]; parent: string }[]>`
    select c.relname as table, k.contype as kind, p.relname as parent,
           array(select a.attname::text from unnest(k.conkey) as u(n)
                 join pg_attribute a on a.attrelid = c.oid and a.attnum = u.n) as columns
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_class p on p.oid = k.confrelid
    where n.nspname = current_schema() and c.relname = any(${names}) and k.contype in ('p', 'f')`;
  return names.map((name) => {
    const own = columns.filter((c) => c.table === name);
    const primaryKey = keys.find((k) => k.table === name && k.kind === "p")?.columns ?? [];
    const idColumn =
      primaryKey.length === 1 && primaryKey[0] === "id"
        ? own.find((c) => c.name === "id")
        : undefined;
    return {
      name,
      columns: own
        .filter((c) => !c.numbered)
        .map(({ name, type, nullable }) => ({ name, type, nullable })),
      serverNumbered: own.filter((c) => c.numbered).map((c) => c.name),
      primaryKey,
      idType: !idColumn ? null : idColumn.type === "uuid" ? "uuid" : "integer",
      references: new Map(
        keys
          .filter((k) => k.table === name && k.kind === "f" && k.columns.length === 1)
          .map((k) => [k.columns[0]!, k.parent]),
      ),
    };
  });
}
