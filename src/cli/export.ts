import { resolve } from "node:path";
import { exportFileName, exportUserArchive } from "../export/export.ts";
import { importUserArchive } from "../export/import.ts";
import { HttpError } from "../errors.ts";
import { findUserByEmail } from "../users/accounts.ts";
import { type CommandContext, parseOptions, UsageError, withDatabase } from "./context.ts";
import { parseArgs } from "node:util";

/** One's own archive on one's own machine may inflate to far more than an upload. */
const CLI_MAX_INFLATED_BYTES = 4 * 1024 * 1024 * 1024;

export const EXPORT_USAGE = `fitness export --email E [--output FILE]`;
export const IMPORT_EXPORT_USAGE = `fitness import export --email E FILE`;

/** Writes E's data as the zip GET /api/export answers. */
export async function exportUser({ config, args }: CommandContext): Promise<number> {
  const o = parseOptions(args, { email: { type: "string" }, output: { type: "string" } }, [
    "email",
  ]);
  const output = resolve(o.output ?? exportFileName());
  return withDatabase(config, async (db) => {
    const user = await findUserByEmail(db, o.email!);
    if (!user) throw new Error(`No user with email ${o.email}.`);
    const stream = await exportUserArchive(db, config.uploadsDir, user.id);
    const bytes = await Bun.write(output, new Response(stream));
    console.log(`Export of ${o.email} (${bytes} bytes) written to ${output}`);
    return 0;
  });
}

/** Imports a zip made by `fitness export` or GET /api/export into E's account. */
export async function importExport({ config, args }: CommandContext): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { email: { type: "string" } }, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const email = parsed.values.email;
  if (!email) throw new UsageError("--email is required");
  if (parsed.positionals.length !== 1) throw new UsageError("give exactly one export zip");
  const bytes = await Bun.file(parsed.positionals[0]!).bytes();
  return withDatabase(config, async (db) => {
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error(`No user with email ${email}.`);
    try {
      const summary = await importUserArchive(
        db,
        config.uploadsDir,
        user.id,
        bytes,
        CLI_MAX_INFLATED_BYTES,
      );
      const tables = Object.entries(summary.tables);
      for (const [table, c] of tables.filter(([, c]) => c.read > 0)) {
        console.log(`${table}: ${c.added} added, ${c.skipped} skipped of ${c.read}`);
      }
      const added = tables.reduce((sum, [, c]) => sum + c.added, 0);
      console.log(`Imported ${added} rows and ${summary.files_written} files into ${email}.`);
      return 0;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      console.error(`Import refused: ${error.message}`);
      return 1;
    }
  });
}
