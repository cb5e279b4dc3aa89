// The worker of tests/lib/worker-jobs.test.ts: it echoes, sleeps, sends parts, throws, dies or
// hangs on request.
import { serveJobs } from "../../src/lib/worker-jobs.ts";

type Job = {
  echo?: unknown;
  fail?: string;
  exit?: true;
  hang?: true;
  uncaught?: string;
  sleepMs?: number;
  /** Parts to send before the answer, each after `sleepMs`. */
  parts?: number;
};

serveJobs(async (job: Job, send: (part: number) => Promise<void>) => {
  for (let i = 0; i < (job.parts ?? 0); i++) {
    if (job.sleepMs) await Bun.sleep(job.sleepMs);
    await send(i);
  }
  if (job.sleepMs) await Bun.sleep(job.sleepMs);
  if (job.fail) throw new Error(job.fail);
  if (job.exit) process.exit(3);
  if (job.uncaught)
    setTimeout(() => {
      throw new Error(job.uncaught);
    });
  if (job.hang || job.uncaught) return new Promise(() => {});
  return { echo: job.echo, thread: Bun.isMainThread ? "main" : "worker" };
});
