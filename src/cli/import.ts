import { parseArgs } from "node:util";
import { runImport, startImport } from "../activity-files/import.ts";
import type { FileOutcome } from "../activity-files/import-jobs.ts";
import { findUserByEmail } from "../users/accounts.ts";
import { type CommandContext, UsageError, withDatabase } from "./context.ts";

export const IMPORT_USAGE = `fitness import --email E FILES...   import GPX, TCX and FIT files (or zips of them) as E's workouts`;

function describe(outcome: FileOutcome): string {
  if (outcome.status === "error") return `error: ${outcome.error}`;
  return `${outcome.status} ${outcome.activity ?? ""} ${outcome.entry_date ?? ""} (${outcome.entry_id})`;
}

/** Imports activity files for a user, a progress line per file; exit 1 when any failed. */
export async function importFiles({ config, logger, args }: CommandContext): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { email: { type: "string" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const email = parsed.values.email;
  if (!email) throw new UsageError("--email is required");
  if (parsed.positionals.length === 0) throw new UsageError("give at least one file");
  const uploads = await Promise.all(
    parsed.positionals.map(async (path) => ({ name: path, bytes: await Bun.file(path).bytes() })),
  );
  return withDatabase(config, async (db) => {
    const user = await findUserByEmail(db, email);
    if (!user) throw new Error(`No user with email ${email}.`);
    const deps = { db, logger, userId: user.id, actorId: user.id };
    const { jobId, files } = await startImport(deps, uploads);
    // A TCX file of several activities prints a line per activity under the file's number.
    const outcomes = await runImport(deps, jobId, files, (outcome, index, total) => {
      console.log(`[${index + 1}/${total}] ${outcome.file}: ${describe(outcome)}`);
    });
    const count = (status: string) => outcomes.filter((o) => o.status === status).length;
    console.log(
      `Imported ${count("imported")}, unchanged ${count("unchanged")}, failed ${count("error")} (job ${jobId}).`,
    );
    return count("error") ? 1 : 0;
  });
}
