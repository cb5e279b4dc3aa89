/**
 * The background jobs this process runs (imports a client polls). A job's row says running
 * until the job closes it; when the server stops first, each job still running has its row
 * closed as interrupted, so no client polls for ever a job that no process runs any more.
 */
export type RunningJobs = {
  /** Runs `work` as a job until it settles; `interrupt` closes its row if the server stops first. */
  track<T>(work: Promise<T>, interrupt: () => Promise<unknown>): Promise<T>;
  /**
   * Like track, for work a request waits on (an admin's backup): `interrupt` runs as soon as
   * the server begins to stop, so the request is answered (a 503) while its connection is
   * still open, not cut when the server's grace period runs out.
   */
  trackAnswered<T>(work: Promise<T>, interrupt: () => Promise<unknown>): Promise<T>;
  /** Interrupts the work requests wait on; the server calls it as it begins to stop. */
  interruptAnswered(): Promise<void>;
  /** Closes the row of every job still running; the server calls it as it stops. */
  interruptAll(): Promise<void>;
};

export function createRunningJobs(): RunningJobs {
  const running = new Set<() => Promise<unknown>>();
  const answered = new Set<() => Promise<unknown>>();
  const add = <T>(set: typeof running, work: Promise<T>, interrupt: () => Promise<unknown>) => {
    set.add(interrupt);
    return work.finally(() => set.delete(interrupt));
  };
  const interrupt = async (set: typeof running) => {
    const interrupts = [...set];
    set.clear();
    await Promise.allSettled(interrupts.map((interrupt) => interrupt()));
  };
  return {
    track: (work, stop) => add(running, work, stop),
    trackAnswered: (work, stop) => add(answered, work, stop),
    interruptAnswered: () => interrupt(answered),
    interruptAll: () => Promise.all([interrupt(answered), interrupt(running)]).then(() => {}),
  };
}
