import type { Sql, Tx } from "../db.ts";

export type TableColumn = { name: string; json: boolean };
export type TableInfo = { name: string; columns: TableColumn[] };

/**
 * Every table of the application schema with its stored (non-generated) columns, ordered
 * so that a table comes after every table its foreign keys point at. The migrations
 * ledger is left out: it belongs to the migration runner.
 */
export async function listSchemaTables(sql: Sql | Tx): Promise<TableInfo[]> {
  const columns = await sql<{ table_name: string; column_name: string; data_type: string }[]>`
    select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, null) as data_type
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid
    where n.nspname = current_schema() and c.relkind = 'r' and c.relname <> 'schema_migrations'
      and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    order by c.relname, a.attnum`;
  const references = await sql<{ child: string; parent: string }[]>`
    select c.relname as child, p.relname as parent
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema() and c.oid <> p.oid`;
  const tables = new Map<string, TableColumn[]>();
  for (const row of columns) {
    const list = tables.get(row.table_name) ?? [];
    list.push({
      name: row.column_name,
      json: row.data_type === "json" || row.data_type === "jsonb",
    });
    tables.set(row.table_name, list);
  }
  return orderByDependencies([...tables.keys()], references).map((name) => ({
    name,
    columns: tables.get(name)!,
  }));
}

function orderByDependencies(names: string[], edges: { child: string; parent: string }[]) {
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") {
      throw new Error(`Tables reference each other in a cycle through ${name}`);
    }
    state.set(name, "visiting");
    for (const edge of edges) if (edge.child === name) visit(edge.parent);
    state.set(name, "done");
    ordered.push(name);
  };
  for (const name of [...names].sort()) visit(name);
  return ordered;
}

/** The schema's sequences (identity columns included) with their current positions. */
export async function readSequences(sql: Sql | Tx) {
  return sql<{ name: string; last_value: string | null; is_called: boolean }[]>`
    select s.sequencename as name, s.last_value::text as last_value, s.last_value is not null as is_called
    from pg_sequences s
    where s.schemaname = current_schema()
    order by s.sequencename`;
}
