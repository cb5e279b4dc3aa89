import postgres from "postgres";

/** The other server's database, read inside one read-only snapshot. */
export type Source = postgres.TransactionSql;

/**
 * Opens the other server's database and runs fn in one read-only, repeatable-read
 * transaction: every table is read from the same moment, and nothing can be written there.
 */
export async function readSnapshot<T>(url: string, fn: (src: Source) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, types: dateAsText });
  try {
    return (await sql.begin("isolation level repeatable read read only", fn)) as T;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** A calendar day stays 'YYYY-MM-DD' text, as in this server's own connections. */
const dateAsText = {
  date: { to: 1082, from: [1082], serialize: (v: string) => v, parse: (v: string) => v },
};

/** Whether the other server's release has this table (older releases lack some). */
export async function hasTable(src: Source, qualifiedName: string): Promise<boolean> {
  const [row] = await src<{ found: boolean }[]>`
    select to_regclass(${qualifiedName}) is not null as found`;
  return row!.found;
}
