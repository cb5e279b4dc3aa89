import postgres from "postgres";

/** Where the bench creates (and afterwards drops) a database of its own. */
export const ADMIN_URL =
  process.env.SERVICE_FITNESS_BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export type BenchDatabase = { name: string; url: string; drop(): Promise<void> };

/** A fresh, empty database beside ADMIN_URL's, so a run never mixes with other data. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const name = `fitness_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    await admin`create database ${admin(name)}`;
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
