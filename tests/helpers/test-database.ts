import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { loadConfig, type Config } from "../../src/config.ts";
import { connectionOptions, createDatabase, openDatabase, type Database } from "../../src/db.ts";
import { applyMigrations } from "../../src/database/migrate.ts";
import { migrations } from "../../src/database/migrations.ts";

const SERVER_URL = process.env.SERVICE_FITNESS_TEST_DATABASE_URL;
const TEMPLATE_LOCK_KEY = 7_301_002;

/** A database of its own for one test file: a copy of a migrated template on the test server, or a fresh embedded one. */
export async function createTestDatabase(config: Config): Promise<Database> {
  if (!SERVER_URL) {
    await seedEmbeddedDataDir(config.dataDir);
    return openDatabase(config);
  }
  const { url, drop } = await createServerTestDatabase();
  const owner = postgres(url, connectionOptions(10));
  return createDatabase(owner, async () => {
    await owner.end({ timeout: 5 });
    await drop();
  });
}

/** Puts a migrated embedded database into `dataDir`, as a server's first start would. */
export async function seedEmbeddedDataDir(dataDir: string): Promise<void> {
  cpSync(await embeddedTemplate(), join(dataDir, "pgdata"), { recursive: true });
}

/** Whether tests run against an external PostgreSQL (else the embedded engine). */
export const usesExternalDatabase = SERVER_URL !== undefined;

/**
 * A migrated database of its own on the test server, for a process (such as the compiled
 * binary) that connects by URL. Only with an external test database.
 */
export async function createServerTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!SERVER_URL) throw new Error("SERVICE_FITNESS_TEST_DATABASE_URL is not set");
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  const name = `fitness_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  try {
    const template = await ensureTemplate(admin);
    await admin.unsafe(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(SERVER_URL, name),
    async drop() {
      const cleanup = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

function migrationsDigest(): string {
  const digest = createHash("sha256");
  for (const m of migrations) digest.update(m.name).update(m.sql);
  return digest.digest("hex").slice(0, 16);
}

// A migrated embedded data directory, made once per set of migrations and copied for each
// test file: initdb in PGlite takes seconds, a copy a fraction of one.
async function embeddedTemplate(): Promise<string> {
  const template = join(tmpdir(), `fitness-pglite-template-${migrationsDigest()}`);
  if (existsSync(join(template, "PG_VERSION"))) return template;
  const config = createTestConfig();
  const db = await openDatabase(config);
  await db.close();
  try {
    renameSync(join(config.dataDir, "pgdata"), template);
  } catch (error) {
    // Another test process finished its template first; theirs is as good.
    if (!existsSync(join(template, "PG_VERSION"))) throw error;
  }
  removeTestDataDir(config);
  return template;
}

// One migrated template per set of migrations, built once under an advisory lock so
// concurrent test processes (and other checkouts) share it safely.
async function ensureTemplate(admin: postgres.Sql): Promise<string> {
  const template = `fitness_tpl_${migrationsDigest()}`;
  await admin`select pg_advisory_lock(${TEMPLATE_LOCK_KEY})`;
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${template}`;
    if (!exists) {
      const building = `${template}_building`;
      await admin.unsafe(`drop database if exists ${building}`);
      await admin.unsafe(`create database ${building}`);
      const owner = postgres(withDatabase(SERVER_URL!, building), { max: 1, onnotice: () => {} });
      try {
        await applyMigrations(owner);
      } finally {
        await owner.end();
      }
      await admin.unsafe(`alter database ${building} rename to ${template}`);
    }
  } finally {
    await admin`select pg_advisory_unlock(${TEMPLATE_LOCK_KEY})`;
  }
  return template;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A configuration for tests: its own temporary data directory, fixed secrets, no logs. */
export function createTestConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), "fitness-test-"));
  return loadConfig({
    SERVICE_FITNESS_DATA_DIR: dataDir,
    SERVICE_FITNESS_API_ENCRYPTION_KEY: "a".repeat(64),
    BETTER_AUTH_SECRET: "test-secret-".padEnd(40, "x"),
    SERVICE_FITNESS_LOG_LEVEL: "silent",
    // Tests never reach the real Open Food Facts; provider tests configure fakes.
    SERVICE_FITNESS_OPEN_FOOD_FACTS_DEFAULT: "false",
    ...overrides,
  });
}

export function removeTestDataDir(config: Config): void {
  rmSync(config.dataDir, { recursive: true, force: true });
}
