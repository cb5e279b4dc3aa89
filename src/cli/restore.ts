import { statSync } from "node:fs";
import { openDatabase } from "../db.ts";
import { restoreBackup } from "../operations/restore.ts";
import { RestoreRefused } from "../operations/verify-backup.ts";
import { type CommandContext, parseOptions, UsageError } from "./context.ts";

export const RESTORE_USAGE = `fitness restore FILE [--force]`;

/** Restores a backup archive into an empty database (or any database with --force). */
export async function restore({ config, args }: CommandContext): Promise<number> {
  const file = args.find((a) => !a.startsWith("--"));
  if (!file) throw new UsageError("restore needs the backup FILE");
  const o = parseOptions(
    args.filter((a) => a !== file),
    { force: { type: "boolean" } },
  );
  checkArchiveFile(file);
  const db = await openDatabase(config, { migrate: false, maxConnections: 1 });
  try {
    const manifest = await restoreBackup({ owner: db.owner, uploadsDir: config.uploadsDir }, file, {
      force: o.force,
      progress: (line) => console.error(line),
    });
    console.log(
      `Restored ${manifest.tables.length} tables and ${manifest.files.length} files from ${file} (made ${manifest.createdAt}).`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

/** A missing file or a directory is told before the database is touched. */
function checkArchiveFile(file: string) {
  const found = statSync(file, { throwIfNoEntry: false });
  if (!found) throw new RestoreRefused(`No backup file at ${file}.`);
  if (!found.isFile()) {
    throw new RestoreRefused(`${file} is not a file: name the backup archive (.tar.gz) itself.`);
  }
}
