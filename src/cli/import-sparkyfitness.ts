import { importSparkyFitness } from "../sparkyfitness-import/index.ts";
import { type CommandContext, parseOptions, withDatabase } from "./context.ts";

export const IMPORT_SPARKYFITNESS_USAGE = `fitness import sparkyfitness --source postgres://... [--uploads DIR] [--only EMAIL] [--dry-run]`;

/** Imports another SparkyFitness server's database and uploads; prints progress and a summary. */
export async function importSparkyfitness({ config, logger, args }: CommandContext) {
  const o = parseOptions(
    args,
    {
      source: { type: "string" },
      uploads: { type: "string" },
      only: { type: "string" },
      "dry-run": { type: "boolean" },
    },
    ["source"],
  );
  const summary = await withDatabase(config, (db) =>
    importSparkyFitness(
      { db, logger, uploadsRoot: config.uploadsDir },
      {
        sourceUrl: o.source!,
        sourceUploads: o.uploads ?? null,
        only: o.only ?? null,
        dryRun: o["dry-run"] === true,
      },
      (line) => console.log(line),
    ),
  );
  if (o["dry-run"]) console.log("Dry run: nothing was written.");
  for (const line of summary.lines()) console.log(line);
  return 0;
}
