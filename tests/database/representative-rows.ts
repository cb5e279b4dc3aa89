import type postgres from "postgres";
import { listSchemaTables } from "../../src/operations/schema-tables.ts";

type Column = {
  name: string;
  type: string;
  nullable: boolean;
  has_default: boolean;
  parent: string | null;
  parent_column: string | null;
  literal: string | null;
};

/** A row put in by SQL: its table, a filter that finds it again, and its values then. */
export type PlacedRow = {
  table: string;
  key: Record<string, unknown>;
  values: Record<string, unknown>;
};

/**
 * One row in every table that has none yet, made from the catalogue alone: a value of each
 * column's type, a text column's first allowed literal when a check constraint lists them,
 * and a foreign key pointing at the row placed in the parent table. A table this cannot
 * satisfy (a check beyond a literal list) gets a row with only its required columns, or none.
 */
export async function placeRepresentativeRows(
  sql: postgres.Sql,
  stage: number,
): Promise<PlacedRow[]> {
  const placed: PlacedRow[] = [];
  for (const table of await listSchemaTables(sql)) {
    const [count] = await sql<{ n: number }[]>`select count(*)::int as n from ${sql(table.name)}`;
    if (count!.n > 0) continue;
    const columns = await describeColumns(sql, table.name);
    for (const minimal of [false, true]) {
      const row: Record<string, unknown> = {};
      let possible = true;
      for (const column of columns) {
        if (minimal && (column.nullable || column.has_default)) continue;
        const value = await valueFor(sql, column, stage);
        if (value === undefined) possible = minimal ? false : possible;
        else row[column.name] = value;
      }
      if (!possible || Object.keys(row).length === 0) continue;
      try {
        const [inserted] = await sql.begin(
          (tx) =>
            tx<{ row: Record<string, unknown> }[]>`
            insert into ${tx(table.name)} ${tx(row)} returning to_jsonb(${tx(table.name)}.*) as row`,
        );
        placed.push({
          table: table.name,
          key: keyOf(inserted!.row, columns),
          values: inserted!.row,
        });
        break;
      } catch {
        // Try the minimal row next, or leave the table empty.
      }
    }
  }
  return placed;
}

function keyOf(row: Record<string, unknown>, columns: Column[]): Record<string, unknown> {
  // Stable identifying columns: ids and foreign keys, not values a migration may reshape.
  const key: Record<string, unknown> = {};
  for (const column of columns) {
    if (column.name === "id" || column.parent || column.name === "user_id")
      key[column.name] = row[column.name];
  }
  return Object.keys(key).length ? key : row;
}

async function valueFor(sql: postgres.Sql, column: Column, stage: number): Promise<unknown> {
  if (column.parent) {
    const [parent] = await sql<{ v: unknown }[]>`
      select ${sql(column.parent_column!)} as v from ${sql(column.parent)} limit 1`;
    return parent ? parent.v : undefined;
  }
  if (column.literal !== null) return column.literal;
  switch (column.type) {
    case "uuid":
      return crypto.randomUUID();
    case "text":
      return column.name.includes("email") ? `stage${stage}@example.test` : `value ${stage}`;
    case "integer":
    case "smallint":
    case "bigint":
      return stage;
    case "double precision":
    case "real":
    case "numeric":
      return stage + 0.5;
    case "boolean":
      return true;
    case "date":
      return "2024-02-03";
    case "timestamp with time zone":
      return "2024-02-03T04:05:06Z";
    case "time without time zone":
      return "07:08:09";
    case "jsonb":
    case "json":
      return column.name === "images" ? [] : {};
    case "text[]":
      return [`item ${stage}`];
    case "bytea":
      return Buffer.from([stage]);
    default:
      return undefined;
  }
}

async function describeColumns(sql: postgres.Sql, table: string): Promise<Column[]> {
  return sql<Column[]>`
    select a.attname as name, format_type(a.atttypid, null) as type, not a.attnotnull as nullable,
           (a.atthasdef or a.attidentity <> '') as has_default,
           (select p.relname from pg_constraint k join pg_class p on p.oid = k.confrelid
             where k.conrelid = c.oid and k.contype = 'f' and k.conkey = array[a.attnum]::int2[] limit 1) as parent,
           (select pa.attname from pg_constraint k join pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = k.confkey[1]
             where k.conrelid = c.oid and k.contype = 'f' and k.conkey = array[a.attnum]::int2[] limit 1) as parent_column,
           (select substring(pg_get_constraintdef(k.oid) from '''([^'']*)''')
             from pg_constraint k where k.conrelid = c.oid and k.contype = 'c' and k.conkey = array[a.attnum]::int2[]
               and pg_get_constraintdef(k.oid) ~ '''' limit 1) as literal
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid
    where n.nspname = current_schema() and c.relname = ${table}
      and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    order by a.attnum`;
}
