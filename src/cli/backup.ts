import { resolve } from "node:path";
import { openDatabase } from "../db.ts";
import { backupFileName, createBackup } from "../operations/backup.ts";
import { type CommandContext, parseOptions } from "./context.ts";

export const BACKUP_USAGE = `fitness backup [--output FILE]`;

/** Writes a backup archive of the database and the uploads; progress goes to stderr. */
export async function backup({ config, args }: CommandContext): Promise<number> {
  const o = parseOptions(args, { output: { type: "string" } });
  const output = resolve(o.output ?? backupFileName(new Date()));
  const db = await openDatabase(config, { migrate: false, maxConnections: 1 });
  // Ctrl-C or SIGTERM stops the backup at the next table or file, leaving nothing behind.
  const interrupted = new AbortController();
  const interrupt = () => interrupted.abort(new Error("Backup interrupted; nothing was written."));
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  try {
    const manifest = await createBackup(
      { owner: db.owner, embedded: db.embedded, uploadsDir: config.uploadsDir },
      output,
      (line) => console.error(line),
      interrupted.signal,
    );
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Backup of ${manifest.tables.length} tables (${rows} rows) and ${manifest.files.length} files written to ${output}`,
    );
    return 0;
  } finally {
    await db.close();
  }
}
