/**
 * The background jobs this process runs (imports a client polls). A job's row says running
 * until the job closes it; when the server stops first, each job still running has its row
 * closed as interrupted, so no client polls for ever a job that no process runs any more.
 */
export type RunningJobs = {
  /** Runs `work` as a job until it settles; `interrupt` closes its row if the server stops first. */
  track<T>(work: Promise<T>, interrupt: () => Promise<unknown>): Promise<T>;
  /** Closes the row of every job still running; the server calls it as it stops. */
  interruptAll(): Promise<void>;
};

export function createRunningJobs(): RunningJobs {
  const running = new Set<() => Promise<unknown>>();
  return {
    track(work, interrupt) {
      running.add(interrupt);
      return work.finally(() => running.delete(interrupt));
    },
    async interruptAll() {
      const interrupts = [...running];
      running.clear();
      await Promise.allSettled(interrupts.map((interrupt) => interrupt()));
    },
  };
}
