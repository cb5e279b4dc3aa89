import { describe, expect, test } from "bun:test";
import { WorkerJobError, WorkerJobs } from "../../src/lib/worker-jobs.ts";

const url = new URL("./jobs-test-worker.ts", import.meta.url).href;
const jobs = (timeoutMs = 30_000) =>
  new WorkerJobs<Record<string, unknown>, unknown, number>({ url, timeoutMs, idleMs: 30_000 });

describe("jobs on a worker thread", () => {
  test("a job's value comes back from the worker, bytes moved to it arrive whole", async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const answer = await jobs().run({ echo: bytes }, [bytes.buffer]);
    expect(answer).toEqual({ echo: new Uint8Array([1, 2, 3]), thread: "worker" });
    // Moved, not copied: the sender's buffer is detached.
    expect(bytes.length).toBe(0);
  });

  test("a job's time is its own: one done early does not stop the worker during the next", async () => {
    const worker = jobs(1_000);
    expect(await worker.run({ echo: 1 })).toEqual({ echo: 1, thread: "worker" });
    await Bun.sleep(500);
    // Runs past the second after the first job began, well within its own.
    expect(await worker.run({ echo: 2, sleepMs: 700 })).toEqual({ echo: 2, thread: "worker" });
  });

  test("what the job throws, its worker dying, an uncaught error or running past its time fail that job only", async () => {
    const worker = jobs(1_000);
    const thrown = worker.run({ fail: "no such thing" });
    const exited = worker.run({ exit: true });
    const uncaught = worker.run({ uncaught: "stray" });
    const hung = worker.run({ hang: true });
    const after = worker.run({ echo: "still here" });
    await expect(thrown).rejects.toThrow(new WorkerJobError("no such thing"));
    await expect(exited).rejects.toBeInstanceOf(WorkerJobError);
    await expect(uncaught).rejects.toThrow("stray");
    await expect(hung).rejects.toThrow(new WorkerJobError("The work took longer than 1 s."));
    // Each job waits for the one before; a new worker takes over from a dead one.
    expect(await after).toEqual({ echo: "still here", thread: "worker" });
  }, 30_000);

  test("a job's parts arrive in order, each handled before the worker sends the next; its time counts from the last", async () => {
    const worker = jobs(1_000);
    const seen: string[] = [];
    // Four parts 400 ms apart: 2 s of work in all, never 1 s without a part; each handled
    // longer than that gap.
    const answer = await worker.run({ echo: "done", parts: 4, sleepMs: 400 }, [], async (part) => {
      seen.push(`got ${part}`);
      // The worker waits: a part it sent meanwhile would show between these two.
      await Bun.sleep(500);
      seen.push(`handled ${part}`);
    });
    expect(answer).toEqual({ echo: "done", thread: "worker" });
    expect(seen).toEqual([0, 1, 2, 3].flatMap((i) => [`got ${i}`, `handled ${i}`]));
  });

  test("what handling a part throws fails that job with it; the next job gets a new worker", async () => {
    const worker = jobs();
    const refused = worker.run({ parts: 3 }, [], (part) => {
      if (part === 1) throw new Error("part 1 refused");
    });
    await expect(refused).rejects.toThrow(new Error("part 1 refused"));
    expect(await worker.run({ echo: "next", parts: 2 })).toEqual({
      echo: "next",
      thread: "worker",
    });
  });
});
