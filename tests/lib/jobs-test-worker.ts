// The worker of tests/lib/worker-jobs.test.ts: it echoes, sleeps, throws, dies or hangs on request.
import { serveJobs } from "../../src/lib/worker-jobs.ts";

type Job = {
  echo?: unknown;
  fail?: string;
  exit?: true;
  hang?: true;
  uncaught?: string;
  sleepMs?: number;
};

serveJobs(async (job: Job) => {
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
