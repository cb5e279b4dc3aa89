import { parseArgs } from "node:util";
import { importAppleHealthLazily } from "../app-imports/apple-health-lazy.ts";
import { ImportFormatError } from "../app-imports/csv.ts";
import { UploadLimitError } from "../lib/upload-limits.ts";
import { importDiaryCsv } from "../app-imports/diary-import.ts";
import { findUserByEmail } from "../users/accounts.ts";
import { type CommandContext, printJson, UsageError, withDatabase } from "./context.ts";

export const APP_IMPORTS = ["myfitnesspal", "cronometer", "apple-health"] as const;
export type AppImport = (typeof APP_IMPORTS)[number];

export const IMPORT_APPS_USAGE = `fitness import myfitnesspal|cronometer|apple-health --email E [--weight-unit kg|lb] FILE
                           import another app's export (diary CSV, or Apple Health export.zip) as E's data`;

/** Imports one export file for a user and prints the counts as JSON; exit 1 on a bad file. */
export async function importApp(app: AppImport, { config, logger, args }: CommandContext) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { email: { type: "string" }, "weight-unit": { type: "string" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { email, "weight-unit": unit = "kg" } = parsed.values;
  if (!email) throw new UsageError("--email is required");
  if (parsed.positionals.length !== 1) throw new UsageError("give exactly one file");
  if (unit !== "kg" && unit !== "lb") throw new UsageError("--weight-unit must be kg or lb");
  const path = parsed.positionals[0]!;
  if (!(await Bun.file(path).exists())) throw new Error(`No such file: ${path}`);
  return withDatabase(config, async (db) => {
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error(`No user with email ${email}.`);
    const deps = { db, logger, userId: user.id, actorId: user.id };
    try {
      // The export.zip is streamed from its file; the CSVs are small and read whole.
      const counts =
        app === "apple-health"
          ? await importAppleHealthLazily(deps, path, (line) => console.error(line))
          : await importDiaryCsv(deps, app, await Bun.file(path).text(), unit);
      printJson(counts);
      return 0;
    } catch (error) {
      if (!(error instanceof ImportFormatError || error instanceof UploadLimitError)) throw error;
      console.error(`Error: ${error.message} Nothing was imported.`);
      return 1;
    }
  });
}
