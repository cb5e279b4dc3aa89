import postgres from "postgres";

/** Where the bench creates (and afterwards drops) a database of its own. */
export const ADMIN_URL =
  process.env.SERVICE_FITNESS_BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type BenchDatabase = { name: string; url: string; drop(): Promise<void> };

/**
 * A database beside ADMIN_URL's, so a run never mixes with other data: a fresh one, or the
 * one named `keep` (created when missing) to reuse data seeded by an earlier run.
 */
export async function createBenchDatabase(keep?: string): Promise<BenchDatabase> {
  const name = keep ?? `fitness_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!exists) await admin`create database ${admin(name)}`;
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const sql = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      try {
        // FORCE: a killed server may leave a connection behind for a moment.
        await sql`drop database if exists ${sql(name)} with (force)`;
      } finally {
        await sql.end();
      }
    },
  };
}
