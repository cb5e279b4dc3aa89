import type { Database } from "../../db.ts";
import type { RunningJobs } from "../../lib/running-jobs.ts";
import type { SparkyImportOptions } from "../index.ts";
import type { ImportDeps } from "./context.ts";
import { runReportedImport, type ImportReporter } from "./report.ts";

export type ImportJob = {
  id: string;
  status: "running" | "finished" | "failed";
  source_url: string;
  uploads_dir: string | null;
  only_email: string | null;
  dry_run: boolean;
  with_api_key_secret: boolean;
  with_auth_secret: boolean;
  progress: string[];
  summary: string[] | null;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
};

const COLUMNS = [
  "id",
  "status",
  "source_url",
  "uploads_dir",
  "only_email",
  "dry_run",
  "with_api_key_secret",
  "with_auth_secret",
  "progress",
  "summary",
  "error",
  "created_at",
  "finished_at",
] as const;

/** The source URL as stored and shown: its password replaced, never kept in the database. */
export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "*****";
  return parsed.toString();
}

/**
 * Records an import job and runs it in the background of this process: the source URL's
 * password and the other server's secrets stay in its memory only. Progress lines are appended
 * to the job's row in order as they come; the summary and status close it.
 */
export async function startImportJob(
  deps: ImportDeps & { jobs: RunningJobs },
  startedBy: string,
  options: SparkyImportOptions,
): Promise<ImportJob> {
  const [job] = await deps.db.owner<ImportJob[]>`
    insert into sparkyfitness_import_jobs
      (started_by, source_url, uploads_dir, only_email, dry_run, with_api_key_secret,
       with_auth_secret)
    values (${startedBy}, ${withoutPassword(options.sourceUrl)}, ${options.sourceUploads},
            ${options.only}, ${options.dryRun}, ${options.sourceSecret !== null},
            ${options.sourceAuthSecret !== null})
    returning ${deps.db.owner(COLUMNS)}`;
  const interrupt = () => closeJob(deps.db, job!.id, "failed", { error: INTERRUPTED });
  deps.jobs.track(runJob(deps, job!.id, options), interrupt).catch((error) =>
    deps.logger.error("SparkyFitness import job could not record its end", {
      id: job!.id,
      error: String(error),
    }),
  );
  return job!;
}

async function runJob(deps: ImportDeps, id: string, options: SparkyImportOptions) {
  const reporter = jobReporter(deps.db, id);
  try {
    await runReportedImport(deps, options, reporter);
  } catch (error) {
    deps.logger.error("SparkyFitness import job failed", { id, error: String(error) });
    await reporter.flushed();
    await closeJob(deps.db, id, "failed", { error: (error as Error).message });
  }
}

export const INTERRUPTED =
  "Interrupted: the server stopped before this import finished. Start it again to finish it.";

/** Closes a job that is still running; a job already closed (interrupted, say) stays as it is. */
function closeJob(
  db: Database,
  id: string,
  status: "finished" | "failed",
  end: { summary?: string[]; error?: string },
) {
  return db.owner`
    update sparkyfitness_import_jobs
       set status = ${status}, summary = ${end.summary ?? null}::text[], error = ${end.error ?? null},
           finished_at = now()
     where id = ${id} and status = 'running'`;
}

/** Appends progress lines to the job's row one write after another, so their order holds. */
function jobReporter(db: Database, id: string): ImportReporter & { flushed(): Promise<void> } {
  let queue = Promise.resolve();
  const write = (fn: () => Promise<unknown>) => {
    queue = queue.then(fn).then(
      () => {},
      () => {},
    );
    return queue;
  };
  return {
    progress: (line) =>
      void write(
        () => db.owner`
          update sparkyfitness_import_jobs set progress = array_append(progress, ${line})
           where id = ${id}`,
      ),
    finished: async (lines) => {
      await queue;
      await closeJob(db, id, "finished", { summary: lines });
    },
    flushed: () => queue,
  };
}

export async function findImportJob(db: Database, id: string): Promise<ImportJob | null> {
  const [job] = await db.owner<ImportJob[]>`
    select ${db.owner(COLUMNS)} from sparkyfitness_import_jobs where id = ${id}`;
  return job ?? null;
}

export function listImportJobs(db: Database): Promise<ImportJob[]> {
  return db.owner<ImportJob[]>`
    select ${db.owner(COLUMNS)} from sparkyfitness_import_jobs order by created_at desc limit 20`;
}
