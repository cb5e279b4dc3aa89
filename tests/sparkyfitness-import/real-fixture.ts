import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import postgres from "postgres";

/**
 * The database the real SparkyFitness 1.6.2 server filled through its own API, and its
 * uploads (see the fixture's README for the people, passwords and secrets below).
 */
const FIXTURE = findFixture(import.meta.dir);
const DUMP = join(FIXTURE, "database.sql.gz");

/** The second database (issue 45), made here by the real server: tests/fixtures/sparkyfitness-second. */
const SECOND_FIXTURE = join(import.meta.dir, "..", "fixtures", "sparkyfitness-second");

const SERVER_URL = process.env.SERVICE_FITNESS_TEST_DATABASE_URL;
const TEMPLATE_LOCK_KEY = 7_301_035;

/** That server's application role, as its migrations create it: subject to its row-level security. */
export const SPARKY_APP_ROLE = "sparky_app";

/** The secrets that server ran with (fixture README). */
export const REAL_SECRETS = {
  apiEncryptionKey: "9b7ed8b96bc31cc25a38a88d36ba8c94f65784bffcec85b11adb43b93c20af9b",
  betterAuthSecret: "09a7b64245abf13e4745a1d48ccd05cb4ccab28ca4e35ce46f2fcc062569f774",
};

/** The people in it and what the README gives about them. */
export const REAL_PEOPLE = {
  alice: {
    email: "alice@peer.test",
    password: "Alice-peer-pass-2026!",
    apiKey: "XDExJAKxTwvDewZnSGNkTdfYnroHqlQEgvVNjnsRnaSRdllQGJKtIYguWxybzgUk",
  },
  bob: { email: "bob@peer.test", password: "Bob peer pass ÄÖü 42" },
  carol: {
    email: "carol@peer.test",
    password: "carol-Pa55word-xyz",
    totpSecret: "K5VWUZLOIV5GERCCLJEDGNSIOY3TG6STJJIUCRCVNY2WIQ3ZFU4Q",
  },
};

export type RealSource = {
  /** As a superuser: every row, the way an import should read it. */
  url: string;
  /** As that server's application role: its row-level security hides every row. */
  appRoleUrl: string;
  /** The unpacked `sparky-uploads/` directory, for `--uploads`. */
  uploads: string;
  close(): Promise<void>;
};

/**
 * A scratch copy of the real fixture on the test PostgreSQL, with its uploads unpacked into
 * a temporary directory. The dump is restored once into a template database (keyed by the
 * dump's digest, built under an advisory lock so concurrent test processes share it); each
 * call copies that template, which takes a fraction of a second. Needs an external test
 * database (the restore runs psql).
 */
export function restoreRealFixture(): Promise<RealSource> {
  return restoreFixture(FIXTURE);
}

/** The same for the second database (its README lists its people and secrets). */
export function restoreSecondFixture(): Promise<RealSource> {
  return restoreFixture(SECOND_FIXTURE);
}

async function restoreFixture(fixture: string): Promise<RealSource> {
  if (!SERVER_URL) throw new Error("SERVICE_FITNESS_TEST_DATABASE_URL is not set");
  const name = `sparky_real_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  try {
    const template = await ensureTemplate(admin, join(fixture, "database.sql.gz"));
    await admin.unsafe(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const dir = mkdtempSync(join(tmpdir(), "sparky-real-uploads-"));
  await runChecked(["tar", "-xzf", join(fixture, "uploads.tgz"), "-C", dir]);
  return {
    url: withDatabase(SERVER_URL, name),
    appRoleUrl: withDatabase(SERVER_URL, name, SPARKY_APP_ROLE),
    uploads: join(dir, "sparky-uploads"),
    async close() {
      rmSync(dir, { recursive: true, force: true });
      const cleanup = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

// The fixture sits in `shared/` beside the checkout (worktrees are one level deeper).
function findFixture(from: string): string {
  const wanted = join("shared", "fixtures", "sparkyfitness-1.6.2-real");
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, wanted, "database.sql.gz"))) return join(dir, wanted);
  }
  return join(from, wanted);
}

/** Whether the real fixture can be restored here: it is present and tests use an external PostgreSQL. */
export const realFixtureAvailable = SERVER_URL !== undefined && existsSync(DUMP);
// CI has shared/ beside its clone: there a missing fixture is an error, not a skip.
if (process.env.CI && SERVER_URL !== undefined && !existsSync(DUMP))
  throw new Error(`The real SparkyFitness fixture is missing: ${DUMP}`);

/** Whether the second database can be restored here (it is in the repository). */
export const secondFixtureAvailable = SERVER_URL !== undefined;

const templateNames = new Map<string, string>();

async function ensureTemplate(admin: postgres.Sql, dump: string): Promise<string> {
  const known = templateNames.get(dump);
  if (known) return known;
  const digest = createHash("sha256").update(readFileSync(dump)).digest("hex").slice(0, 16);
  const template = `sparky_real_tpl_${digest}`;
  await admin`select pg_advisory_lock(${TEMPLATE_LOCK_KEY})`;
  try {
    await ensureAppRole(admin);
    const [exists] = await admin`select 1 from pg_database where datname = ${template}`;
    if (!exists) {
      const building = `${template}_building`;
      await admin.unsafe(`drop database if exists ${building}`);
      await admin.unsafe(`create database ${building}`);
      const url = withDatabase(SERVER_URL!, building);
      await runChecked([
        "sh",
        "-c",
        `gunzip -c "$0" | psql -q -v ON_ERROR_STOP=1 -d "$1"`,
        dump,
        url,
      ]);
      await grantAppRole(url);
      await admin.unsafe(`alter database ${building} rename to ${template}`);
    }
  } finally {
    await admin`select pg_advisory_unlock(${TEMPLATE_LOCK_KEY})`;
  }
  templateNames.set(dump, template);
  return template;
}

// The role is shared by the whole PostgreSQL server; made once, kept.
async function ensureAppRole(admin: postgres.Sql) {
  const [exists] = await admin`select 1 from pg_roles where rolname = ${SPARKY_APP_ROLE}`;
  if (!exists) await admin.unsafe(`create role ${SPARKY_APP_ROLE} login password 'sparky_app'`);
}

// The grants that server's startup gives its application role (db/grantPermissions.ts).
async function grantAppRole(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const role = SPARKY_APP_ROLE;
    await sql.unsafe(`
      grant usage on schema public, auth, system to ${role};
      grant select, insert, update, delete on all tables in schema public, auth to ${role};
      grant usage, select on all sequences in schema public to ${role};
      grant execute on all functions in schema public, auth to ${role};
      grant select on system.schema_migrations to ${role};`);
  } finally {
    await sql.end();
  }
}

async function runChecked(cmd: string[]) {
  const proc = Bun.spawn(cmd, { stdout: "ignore", stderr: "pipe" });
  const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`${cmd[0]} failed (${code}): ${stderr}`);
}

function withDatabase(url: string, database: string, user?: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  if (user) {
    parsed.username = user;
    parsed.password = "";
  }
  return parsed.toString();
}
