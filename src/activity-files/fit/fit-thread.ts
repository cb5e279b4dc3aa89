import { bundledWorkerUrl, WorkerJobError, WorkerJobs } from "../../lib/worker-jobs.ts";
import { ActivityFileError, type Activity } from "../activity.ts";
import type { FitOutcome } from "./fit-worker.ts";

// The worker entry is built into the binary beside src/main.ts (Makefile, BUILD_ENTRYPOINTS).
const decoder = new WorkerJobs<Uint8Array, FitOutcome>({
  url: bundledWorkerUrl("activity-files/fit/fit-worker.ts"),
  // The message limit takes 2.4 s on an idle machine: a file still decoding after a minute
  // is stopped.
  timeoutMs: 60_000,
  idleMs: 30_000,
});

/**
 * `parseFit` on a worker thread, one file at a time: the event loop stays free while the
 * SDK decodes. The file's bytes are copied and the copy moved to the worker, so a member of
 * a larger upload does not send the whole upload along.
 */
export async function parseFitOffThread(bytes: Uint8Array): Promise<Activity> {
  const copy = bytes.slice();
  let outcome: FitOutcome;
  try {
    outcome = await decoder.run(copy, [copy.buffer]);
  } catch (error) {
    if (error instanceof WorkerJobError)
      throw new ActivityFileError(`The FIT file could not be decoded: ${error.message}`);
    throw error;
  }
  if ("fileError" in outcome) throw new ActivityFileError(outcome.fileError);
  return outcome.activity;
}
