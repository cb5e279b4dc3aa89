import { runReportedImport } from "../sparkyfitness-import/report.ts";
import { type CommandContext, parseOptions, UsageError, withDatabase } from "./context.ts";

export const IMPORT_SPARKYFITNESS_USAGE = `fitness import sparkyfitness --source postgres://... [--uploads DIR] [--only EMAIL] [--api-key-secret HEX] [--dry-run]`;

/** Imports another SparkyFitness server's database and uploads; prints progress and a summary. */
export async function importSparkyfitness({ config, logger, args }: CommandContext) {
  const o = parseOptions(
    args,
    {
      source: { type: "string" },
      uploads: { type: "string" },
      only: { type: "string" },
      "api-key-secret": { type: "string" },
      "dry-run": { type: "boolean" },
    },
    ["source"],
  );
  const secret = o["api-key-secret"];
  if (secret !== undefined && !/^[0-9a-fA-F]{64}$/.test(secret))
    throw new UsageError("--api-key-secret must be 64 hexadecimal characters");
  await withDatabase(config, (db) =>
    runReportedImport(
      { db, logger, uploadsRoot: config.uploadsDir, encryptionKey: config.apiEncryptionKey },
      {
        sourceUrl: o.source!,
        sourceUploads: o.uploads ?? null,
        only: o.only ?? null,
        dryRun: o["dry-run"] === true,
        sourceSecret: secret ?? null,
      },
      {
        progress: (line) => console.log(line),
        finished: (lines) => lines.forEach((line) => console.log(line)),
      },
    ),
  );
  return 0;
}
