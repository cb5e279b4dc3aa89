import { claimDueJob } from "./job-queries.ts";
import { runSyncJob, type SyncDeps } from "./run-sync-job.ts";

// Longer than any one sync should take; a server that dies mid-sync frees the job after it.
const LEASE_SECONDS = 15 * 60;

/**
 * Claims and runs due sync jobs until none is left; returns how many ran. Any number of
 * servers may call this at once on one database: each job is claimed by exactly one.
 */
export async function runDueSyncJobs(deps: SyncDeps, worker: string): Promise<number> {
  let ran = 0;
  for (;;) {
    const job = await claimDueJob(deps.db, worker, LEASE_SECONDS);
    if (!job) return ran;
    await runSyncJob(deps, job);
    ran++;
  }
}

export type SyncScheduler = { stop(): Promise<void> };

/**
 * The server's background sync loop: looks for due jobs every `pollSeconds`, and at once
 * when a "sync now" anywhere on the database sends NOTIFY provider_sync.
 */
export async function startSyncScheduler(
  deps: SyncDeps,
  pollSeconds: number,
): Promise<SyncScheduler> {
  const worker = `server-${crypto.randomUUID()}`;
  let stopped = false;
  let wake: () => void = () => {};
  let running: Promise<unknown> = Promise.resolve();
  const listener = await deps.db.owner
    .listen("provider_sync", () => wake())
    .catch((error: Error) => {
      // The embedded engine may not deliver notifications; polling still runs the jobs.
      deps.logger.debug("provider sync: LISTEN unavailable", { error: error.message });
      return null;
    });
  const loop = async () => {
    while (!stopped) {
      running = runDueSyncJobs(deps, worker).catch((error: Error) =>
        deps.logger.error("provider sync scheduler failed", { error: error.message }),
      );
      await running;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollSeconds * 1000);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  void loop();
  return {
    async stop() {
      stopped = true;
      wake();
      await listener?.unlisten();
      await running;
    },
  };
}
