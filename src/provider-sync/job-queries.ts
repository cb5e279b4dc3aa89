import type { Database, Tx } from "../db.ts";

export type ClaimedJob = { job_id: string; user_id: string; connection_id: string };
export type JobRow = {
  id: string;
  run_at: Date;
  range_start: string | null;
  range_end: string | null;
  failures: number;
};

/** Makes the connection's job due now (with a day range for "sync now"); see app_request_provider_sync. */
export async function requestSync(
  tx: Tx,
  connectionId: string,
  range: { start: string | null; end: string | null } = { start: null, end: null },
): Promise<boolean> {
  const [row] = await tx<{ queued: boolean }[]>`
    select app_request_provider_sync(${connectionId}, ${range.start}, ${range.end}) as queued`;
  return row!.queued;
}

/** Claims the next due job of any user with a lease, or null (see app_claim_provider_sync_job). */
export async function claimDueJob(
  db: Database,
  worker: string,
  leaseSeconds: number,
): Promise<ClaimedJob | null> {
  const [job] = await db.withAnonymous(
    (tx) => tx<ClaimedJob[]>`
      select job_id::text, user_id, connection_id
        from app_claim_provider_sync_job(${worker}, ${leaseSeconds})`,
  );
  return job ?? null;
}

export async function findJob(tx: Tx, jobId: string) {
  const [job] = await tx<JobRow[]>`
    select id::text, run_at, range_start, range_end, failures
      from provider_sync_jobs where id = ${jobId}`;
  return job ?? null;
}

/** Releases the lease and sets when the job runs next; a range not finished stays. */
export async function releaseJob(
  tx: Tx,
  jobId: string,
  next: { runAt: Date; failures: number; rangeStart: string | null; rangeEnd: string | null },
) {
  await tx`
    update provider_sync_jobs
       set lease_until = null, leased_by = null, run_at = ${next.runAt},
           failures = ${next.failures}, range_start = ${next.rangeStart},
           range_end = ${next.rangeEnd}, updated_at = now()
     where id = ${jobId}`;
}

export async function deleteJob(tx: Tx, connectionId: string) {
  await tx`delete from provider_sync_jobs where connection_id = ${connectionId}`;
}
