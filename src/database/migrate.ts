import type postgres from "postgres";
import { loadBuiltinFoods } from "./catalogue/load.ts";
import { migrations } from "./migrations.ts";

// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_KEY = 7_301_001;

/**
 * Applies pending migrations in order, each in its own transaction; with `only`, just those
 * versions (a restore first rebuilds the backup's schema). Returns the versions applied.
 * A full run then brings the built-in food catalogue up to the binary's data.
 */
export async function applyMigrations(
  owner: postgres.Sql,
  { only }: { only?: readonly number[] } = {},
): Promise<number[]> {
  await owner`
    create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`;
  const applied: number[] = [];
  for (const migration of migrations) {
    if (only && !only.includes(migration.version)) continue;
    const done = await owner.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
      const [row] = await tx`select 1 from schema_migrations where version = ${migration.version}`;
      if (row) return false;
      await tx.unsafe(migration.sql);
      await tx`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`;
      return true;
    });
    if (done) applied.push(migration.version);
  }
  if (!only) await loadBuiltinFoods(owner);
  return applied;
}
