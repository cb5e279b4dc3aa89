import { readFileSync } from "node:fs";
import { cpuDelta, type CpuSnapshot } from "./cpu.ts";
import type { DatabaseTime } from "./database-time.ts";
import type { ServerProcess } from "./server-process.ts";

export type Phase = {
  /** Number of clients sending at once (each waits for its answer before the next). */
  clients: number;
  /** Requests per client, after the warm-up. */
  requestsPerClient: number;
  warmup: number;
  /** The phase stops early after this long; figures cover what completed. */
  timeCapMs: number;
};

export type PhaseResult = {
  clients: number;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  firstError: string | null;
  /** Mean bytes of the response body as sent on the wire (compressed when negotiated). */
  bytesPerResponse: number;
  peakRssMb: number;
  cappedByTime: boolean;
  /** 1-minute load average when the phase started: other work on this 2-core machine skews figures. */
  loadAverage: number;
  /** CPU per request: the server process, its PostgreSQL backends, the shared WAL writer. */
  cpuMsPerRequest: { server: number; postgres: number; walWriter: number; benchClient: number };
  /** Per request: time PostgreSQL spent in statements and in open transactions waiting for the server. */
  databaseMsPerRequest: { active: number; idleInTransaction: number; commits: number };
};

/**
 * One request shape. A POST sends `body(n)` and succeeds on a 200 with an empty `errors`
 * array; a GET succeeds on `expectStatus` (default 200).
 */
export type Send = {
  url: string;
  headers: Record<string, string>;
  body?: (n: number) => string;
  expectStatus?: number;
};

/** Drives one phase against the server, sampling its memory while the phase runs. */
export async function runPhase(
  server: ServerProcess,
  send: Send,
  phase: Phase,
  counter: { next: number },
  snapshotCpu: () => CpuSnapshot,
  readDatabaseTime: () => Promise<DatabaseTime>,
): Promise<PhaseResult> {
  let bytes = 0;
  const post = async () => {
    const body = send.body?.(counter.next++);
    const started = performance.now();
    const response = await fetch(send.url, {
      method: body === undefined ? "GET" : "POST",
      headers: send.headers,
      body,
      // Count what crossed the wire; the bench does not need the decoded text of a GET.
      decompress: body !== undefined,
    });
    const raw = await response.arrayBuffer();
    bytes += raw.byteLength;
    const problem =
      body === undefined
        ? statusProblem(response.status, send.expectStatus ?? 200)
        : problemOf(response.status, new TextDecoder().decode(raw));
    return { ms: performance.now() - started, problem };
  };
  for (let i = 0; i < phase.warmup; i++) await post();

  const dbBefore = await readDatabaseTime();
  server.resetPeak();
  let peakRssMb = server.memory().rssMb;
  const sampler = setInterval(() => {
    peakRssMb = Math.max(peakRssMb, server.memory().rssMb);
  }, 20);
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const loadAverage = Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
  bytes = 0;
  const cpuBefore = snapshotCpu();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + phase.timeCapMs;
  const client = async () => {
    for (let i = 0; i < phase.requestsPerClient && performance.now() < deadline; i++) {
      const { ms, problem } = await post();
      latencies.push(ms);
      if (problem) {
        errors++;
        firstError ??= problem;
      }
    }
  };
  await Promise.all(Array.from({ length: phase.clients }, client));
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuDelta(cpuBefore, snapshotCpu());
  const benchCpu = process.cpuUsage(clientBefore);
  clearInterval(sampler);
  const dbAfter = await readDatabaseTime();
  peakRssMb = Math.max(peakRssMb, server.memory().hwmMb);

  latencies.sort((a, b) => a - b);
  return {
    clients: phase.clients,
    requests: latencies.length,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? 0,
    errors,
    firstError,
    bytesPerResponse: latencies.length ? bytes / latencies.length : 0,
    peakRssMb,
    cappedByTime: latencies.length < phase.clients * phase.requestsPerClient,
    loadAverage,
    cpuMsPerRequest: {
      server: (cpu.serverS * 1000) / latencies.length,
      postgres: (cpu.postgresS * 1000) / latencies.length,
      walWriter: (cpu.walWriterS * 1000) / latencies.length,
      // This process shares the 2 cores with the server: its cost is part of every figure.
      benchClient: (benchCpu.user + benchCpu.system) / 1000 / latencies.length,
    },
    databaseMsPerRequest: {
      active: (dbAfter.activeMs - dbBefore.activeMs) / latencies.length,
      idleInTransaction:
        (dbAfter.idleInTransactionMs - dbBefore.idleInTransactionMs) / latencies.length,
      commits: (dbAfter.commits - dbBefore.commits) / latencies.length,
    },
  };
}

/** Null when the answer is a 200 with an empty `errors` array, else a short description. */
function problemOf(status: number, text: string): string | null {
  let body: { errors?: unknown } | null = null;
  try {
    body = JSON.parse(text) as { errors?: unknown };
  } catch {
    // Reported below with the raw text.
  }
  if (status === 200 && Array.isArray(body?.errors) && body.errors.length === 0) return null;
  // An error's `entry` echoes the whole record (2,000 points): show only its message.
  const first = Array.isArray(body?.errors) ? (body.errors[0] as { error?: unknown }) : null;
  const detail = first?.error ?? text;
  return `${status}: ${String(detail).slice(0, 300)}`;
}

function statusProblem(status: number, expected: number): string | null {
  return status === expected ? null : `status ${status}, expected ${expected}`;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}
