import { runReportedImport } from "../sparkyfitness-import/run/report.ts";
import { sourceKeyHex } from "../sparkyfitness-import/source/source-crypto.ts";
import { type CommandContext, parseOptions, UsageError, withDatabase } from "./context.ts";

export const IMPORT_SPARKYFITNESS_USAGE = `fitness import sparkyfitness --source postgres://... [--uploads DIR] [--only EMAIL] [--api-key-secret KEY] [--auth-secret SECRET] [--dry-run]`;

/** Imports another SparkyFitness server's database and uploads; prints progress and a summary. */
export async function importSparkyfitness({ config, logger, args }: CommandContext) {
  const o = parseOptions(
    args,
    {
      source: { type: "string" },
      uploads: { type: "string" },
      only: { type: "string" },
      "api-key-secret": { type: "string" },
      "auth-secret": { type: "string" },
      "dry-run": { type: "boolean" },
    },
    ["source"],
  );
  const raw = o["api-key-secret"];
  const secret = raw === undefined ? null : sourceKeyHex(raw);
  if (raw !== undefined && !secret)
    throw new UsageError("--api-key-secret must be 64 hexadecimal or 44 base64 characters");
  if (o["auth-secret"] === "") throw new UsageError("--auth-secret must not be empty");
  await withDatabase(config, (db) =>
    runReportedImport(
      {
        db,
        logger,
        uploadsRoot: config.uploadsDir,
        encryptionKey: config.apiEncryptionKey,
        authSecret: config.authSecret,
      },
      {
        sourceUrl: o.source!,
        sourceUploads: o.uploads ?? null,
        only: o.only ?? null,
        dryRun: o["dry-run"] === true,
        sourceSecret: secret,
        sourceAuthSecret: o["auth-secret"] ?? null,
      },
      {
        progress: (line) => console.log(line),
        finished: (lines) => lines.forEach((line) => console.log(line)),
      },
    ),
  );
  return 0;
}
