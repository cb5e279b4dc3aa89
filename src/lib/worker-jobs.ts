/**
 * Long synchronous work (decoding a FIT file at its message limit takes seconds) on a worker
 * thread, so the server's event loop keeps answering meanwhile. One worker runs one job at a
 * time and the others wait their turn: memory is bounded as it was on the main thread, by the
 * limits the job itself counts. A job may send parts of its output before its answer (an
 * Apple Health export's records, batch by batch): each waits until the server's thread has
 * handled the one before, so parts never pile up. A job past its time is stopped with its
 * worker; a worker that dies fails its job only. An idle worker is ended after a while, so
 * an idle server holds none (README, "Memory").
 */

/** What a worker answers: its handler's value, or the message of what it threw. */
export type WorkerAnswer<Out> = { ok: true; value: Out } | { ok: false; error: string };
/** What a worker sends while its job runs, before the answer. */
type WorkerPart<Part> = { part: Part };
/** The server's thread has handled a part: the worker's `send` returns. */
const PART_HANDLED = "worker-jobs: part handled";

/** The job's worker threw, died or ran past its time: the job's input is not to blame. */
export class WorkerJobError extends Error {}

export type WorkerJobsOptions = {
  /** The worker's module: see `bundledWorkerUrl`. */
  url: string;
  /** A job running longer (counted from its last part, if it sends parts) is stopped and fails. */
  timeoutMs: number;
  /** An idle worker is ended after this long. */
  idleMs: number;
};

type Running = {
  answer: (answer: unknown) => void;
  part: (part: unknown) => void;
  reject: (error: Error) => void;
};
/** Bun's Worker, which the DOM's type does not describe: unref'd, it keeps no process alive. */
type BunWorker = Worker & { ref(): void; unref(): void };

export class WorkerJobs<In, Out, Part = never> {
  private worker: BunWorker | undefined;
  private running: Running | undefined;
  private turn: Promise<unknown> = Promise.resolve();
  private idle: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: WorkerJobsOptions) {}

  /**
   * Runs one job once the jobs before it are done; `transfer` moves buffers to the worker.
   * `onPart` handles each part the job sends (awaited before the worker goes on); what it
   * throws stops the worker and fails the job with that error.
   */
  run(
    input: In,
    transfer: Transferable[] = [],
    onPart: (part: Part) => Promise<void> | void = () => {},
  ): Promise<Out> {
    const job = this.turn.then(() => this.start(input, transfer, onPart));
    this.turn = job.catch(() => undefined);
    return job;
  }

  private start(
    input: In,
    transfer: Transferable[],
    onPart: (part: Part) => Promise<void> | void,
  ): Promise<Out> {
    clearTimeout(this.idle);
    const worker = this.ready();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    return new Promise<Out>((resolve, reject) => {
      const fail = (error: Error) => {
        settled = true;
        reject(error);
      };
      const startTimer = () => {
        timer = setTimeout(() => {
          this.stop();
          fail(new WorkerJobError(`The work took longer than ${this.options.timeoutMs / 1000} s.`));
        }, this.options.timeoutMs);
      };
      this.running = {
        answer: (answer) => {
          settled = true;
          const reply = answer as WorkerAnswer<Out>;
          if (reply.ok) resolve(reply.value);
          else reject(new WorkerJobError(reply.error));
        },
        // The clock stops while the part is handled here, and starts again for the next.
        part: (part) => {
          clearTimeout(timer);
          Promise.resolve()
            .then(() => onPart(part as Part))
            .then(
              () => {
                if (settled) return;
                startTimer();
                worker.postMessage(PART_HANDLED);
              },
              (error: Error) => {
                if (settled) return;
                this.stop();
                fail(error);
              },
            );
        },
        reject: fail,
      };
      startTimer();
      worker.postMessage(input, transfer);
    }).finally(() => {
      clearTimeout(timer);
      this.running = undefined;
      this.idle = setTimeout(() => this.stop(), this.options.idleMs);
      this.idle.unref();
      this.worker?.unref();
    });
  }

  private ready(): BunWorker {
    if (this.worker) {
      this.worker.ref();
      return this.worker;
    }
    const worker = new Worker(this.options.url) as BunWorker;
    // A stopped worker's last answer, arriving late, is no answer to the next job.
    worker.onmessage = (event: MessageEvent) => {
      if (this.worker !== worker) return;
      const data = event.data as WorkerAnswer<unknown> | WorkerPart<unknown>;
      if ("part" in data) this.running?.part(data.part);
      else this.running?.answer(data);
    };
    const died = (reason: string) => {
      if (this.worker !== worker) return;
      this.stop();
      this.running?.reject(new WorkerJobError(`The worker stopped: ${reason}`));
    };
    worker.onerror = (event: ErrorEvent) => died(event.message);
    worker.addEventListener("close", () => died("it exited"));
    this.worker = worker;
    return worker;
  }

  /** Ends the worker; the next job starts a new one. */
  private stop() {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    worker?.terminate();
  }
}

/**
 * Answers the jobs `WorkerJobs` sends, from inside the worker: `handle`'s value, or the
 * message of what it threw. `handle` may `send` parts of its output first: each returns once
 * the server's thread has handled it.
 */
export function serveJobs<In, Out, Part = never>(
  handle: (input: In, send: (part: Part) => Promise<void>) => Promise<Out> | Out,
) {
  const scope = self as unknown as Worker;
  let handled: (() => void) | undefined;
  const send = (part: Part) =>
    new Promise<void>((resolve) => {
      handled = resolve;
      scope.postMessage({ part } satisfies WorkerPart<Part>);
    });
  scope.onmessage = async (event: MessageEvent) => {
    if (event.data === PART_HANDLED) {
      handled?.();
      return;
    }
    let answer: WorkerAnswer<Out>;
    try {
      answer = { ok: true, value: await handle(event.data as In, send) };
    } catch (error) {
      answer = { ok: false, error: (error as Error).message ?? String(error) };
    }
    scope.postMessage(answer);
    // The job's garbage goes now, while the server's thread works with the answer, rather
    // than when this heap next fills.
    Bun.gc(true);
  };
}

/**
 * The URL of a worker module given by its path under src/. The compiled binary holds every
 * module under one root (src/, the common folder of its entry points) and resolves a
 * worker's relative path from there; a module's own URL there names the chunk it was bundled
 * into, not its source folder. Run from source, the path is this file's sibling folder's.
 */
export function bundledWorkerUrl(pathUnderSrc: string): string {
  return import.meta.url.includes("/$bunfs/")
    ? `./${pathUnderSrc}`
    : new URL(`../${pathUnderSrc}`, import.meta.url).href;
}
