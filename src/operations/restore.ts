import type { Sql, Tx } from "../db.ts";
import { applyMigrations } from "../database/migrate.ts";
import { migrations } from "../database/migrations.ts";
import { readTar } from "../lib/tar.ts";
import { saveUpload } from "../storage/uploads.ts";
import type { Progress } from "./backup.ts";
import type { BackupManifest } from "./backup-manifest.ts";
import { readCopyRows } from "./copy-text.ts";
import { listSchemaTables } from "./schema-tables.ts";
import { openArchive, RestoreRefused, verifyBackup } from "./verify-backup.ts";

type Target = { owner: Sql; uploadsDir: string };
type Options = { force?: boolean; progress?: Progress };

// Rows per INSERT: large enough to be quick, small enough to keep each statement modest.
const BATCH_ROWS = 500;

/**
 * Restores a backup: checks every checksum first, brings the schema to the backup's
 * version, replaces all rows in one transaction, writes the files, then applies any newer
 * migrations. A database that already has accounts is refused unless `force` is set.
 */
export async function restoreBackup(
  target: Target,
  archivePath: string,
  { force = false, progress = () => {} }: Options = {},
): Promise<BackupManifest> {
  const manifest = await verifyBackup(archivePath, progress);
  const schemaVersion = Math.max(0, ...manifest.migrations);
  const known = new Set(migrations.map((m) => m.version));
  if (manifest.migrations.some((v) => !known.has(v))) {
    throw new RestoreRefused(
      `The backup was made by a newer version (schema ${schemaVersion}); upgrade fitness first.`,
    );
  }
  await checkTarget(target.owner, manifest, force);
  await applyMigrations(target.owner, { only: manifest.migrations });
  const byEntry = new Map(manifest.tables.map((t) => [t.entry, t]));
  const files = new Map(manifest.files.map((f) => [f.entry, f]));
  await target.owner.begin(async (tx) => {
    await clearTables(tx, manifest);
    await readTar(openArchive(archivePath), async (entry) => {
      const table = byEntry.get(entry.name);
      if (table) {
        await insertRows(tx, table, entry.body);
        progress(`database: ${table.name} (${table.rows} rows)`);
      }
    });
    for (const seq of manifest.sequences) {
      if (seq.last_value !== null)
        await tx`select setval(${seq.name}::regclass, ${seq.last_value}::bigint, ${seq.is_called})`;
    }
    await setUserTriggers(tx, manifest, true);
  });
  let written = 0;
  await readTar(openArchive(archivePath), async (entry) => {
    const file = files.get(entry.name);
    if (!file) return;
    const parts: Uint8Array[] = [];
    for await (const chunk of entry.body) parts.push(chunk);
    await saveUpload(target.uploadsDir, file.path, Buffer.concat(parts));
    if (++written % 100 === 0 || written === files.size) {
      progress(`uploads: ${written}/${files.size} files`);
    }
  });
  const newer = await applyMigrations(target.owner);
  if (newer.length) progress(`migrated to the current schema: ${newer.join(", ")}`);
  return manifest;
}

async function checkTarget(owner: Sql, manifest: BackupManifest, force: boolean) {
  const [ledger] = await owner<{ exists: boolean }[]>`
    select to_regclass('schema_migrations') is not null as exists`;
  const applied = ledger!.exists
    ? (await owner<{ version: number }[]>`select version from schema_migrations`).map(
        (r) => r.version,
      )
    : [];
  const inBackup = new Set(manifest.migrations);
  if (applied.some((v) => !inBackup.has(v))) {
    throw new RestoreRefused(
      "The database's schema is newer than the backup's; restore into an empty database.",
    );
  }
  if (!applied.length || force) return;
  const [users] = await owner<{ count: number }[]>`select count(*)::int as count from users`;
  const count = users!.count;
  if (count > 0) {
    throw new RestoreRefused(
      `The database is not empty (${count} accounts); use --force to replace its contents.`,
    );
  }
}

// Seed rows from migrations and, with force, all existing data go; triggers stay off while
// the rows come back so stamps such as updated_by keep their backed-up values.
async function clearTables(tx: Tx, manifest: BackupManifest) {
  const present = (await listSchemaTables(tx)).map((t) => t.name).sort();
  const expected = manifest.tables.map((t) => t.name).sort();
  if (present.join() !== expected.join()) {
    throw new RestoreRefused("The database's tables do not match the backup's schema.");
  }
  await tx`truncate table ${tx(present)} restart identity`;
  await setUserTriggers(tx, manifest, false);
}

async function setUserTriggers(tx: Tx, manifest: BackupManifest, enabled: boolean) {
  const withTriggers = await tx<{ name: string }[]>`
    select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace`;
  for (const { name } of withTriggers) {
    if (!manifest.tables.some((t) => t.name === name)) continue;
    if (enabled) await tx`alter table ${tx(name)} enable trigger user`;
    else await tx`alter table ${tx(name)} disable trigger user`;
  }
}

async function insertRows(
  tx: Tx,
  table: BackupManifest["tables"][number],
  body: AsyncIterable<Uint8Array>,
) {
  const names = table.columns.map((c) => c.name);
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const payload = JSON.stringify(batch);
    batch = [];
    // json_populate_recordset feeds each text value to the column type's input function,
    // exactly as COPY FROM would.
    await tx`insert into ${tx(table.name)} (${tx(names)}) overriding system value
      select ${tx(names)} from json_populate_recordset(null::${tx(table.name)}, ${payload}::text::json)`;
  };
  for await (const fields of readCopyRows(body)) {
    if (fields.length !== names.length) throw new Error(`A row of ${table.name} is damaged.`);
    const row: Record<string, unknown> = {};
    table.columns.forEach((column, i) => {
      const value = fields[i]!;
      row[column.name] = column.json && value !== null ? JSON.parse(value) : value;
    });
    batch.push(row);
    if (batch.length >= BATCH_ROWS) await flush();
  }
  await flush();
}
