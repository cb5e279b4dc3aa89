import type { Database } from "../db.ts";

/** Import progress kept in PostgreSQL, so any server process can answer a client's poll. */

export type FileOutcome = {
  file: string;
  /** replaced: the file's data replaced that of the same activity imported from another file. */
  status: "imported" | "replaced" | "unchanged" | "error";
  entry_id?: string;
  activity?: string;
  entry_date?: string;
  gps_points?: number;
  personal_records?: number;
  error?: string;
  /** Why a file of an activity already imported was kept or not: the two files named. */
  note?: string;
};

type Who = { db: Database; userId: string; actorId: string };

export async function createImportJob({ db, userId, actorId }: Who, total: number) {
  const [row] = await db.withUser(
    userId,
    (tx) => tx<{ id: string }[]>`
      insert into exercise_import_jobs (user_id, total_files) values (${userId}, ${total})
      returning id`,
    actorId,
  );
  return row!.id;
}

export async function addJobOutcome(
  { db, userId, actorId }: Who,
  jobId: string,
  outcome: FileOutcome,
) {
  await db.withUser(
    userId,
    (tx) => tx`
      update exercise_import_jobs
         set processed_files = processed_files + 1, files = files || ${tx.json([outcome])}
       where id = ${jobId}`,
    actorId,
  );
}

/** Closes a running job; one already closed (interrupted by a stop, say) stays as it is. */
export async function finishImportJob(
  { db, userId, actorId }: Who,
  jobId: string,
  failed: boolean,
) {
  await db.withUser(
    userId,
    (tx) => tx`
      update exercise_import_jobs set status = ${failed ? "failed" : "done"}, finished_at = now()
       where id = ${jobId} and status = 'running'`,
    actorId,
  );
}

export async function getImportJob(db: Database, userId: string, actorId: string, jobId: string) {
  const [row] = await db.withUser(
    userId,
    (tx) => tx<Record<string, unknown>[]>`
      select id, status, total_files, processed_files, files, created_at, finished_at
        from exercise_import_jobs where id = ${jobId} and user_id = ${userId}`,
    actorId,
  );
  return row;
}
