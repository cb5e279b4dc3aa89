import type { ImportDeps } from "./context.ts";
import { importSparkyFitness, type SparkyImportOptions } from "../index.ts";
import type { ImportSummary } from "./summary.ts";

/** Where an import's lines go: the terminal for the CLI, the job's row for the admin page. */
export type ImportReporter = {
  /** One progress line per table and user, as the import goes. */
  progress(line: string): void;
  /** The closing report, once the import is over. */
  finished(lines: string[]): Promise<void> | void;
};

/** Runs the import, reporting progress as it goes and the summary at the end. */
export async function runReportedImport(
  deps: ImportDeps,
  options: SparkyImportOptions,
  reporter: ImportReporter,
): Promise<ImportSummary> {
  const summary = await importSparkyFitness(deps, options, (line) => reporter.progress(line));
  const closing = summary.lines();
  await reporter.finished(options.dryRun ? ["Dry run: nothing was written.", ...closing] : closing);
  return summary;
}
