/**
 * The "before" that `make bench` prints its figures against: the median of each figure over
 * several runs of an earlier build, kept in `baseline-issue-22.json`. To record one, run the
 * bench on that build a few times and summarise the results files:
 *   BENCH_BINARY=/old/dist/fitness BENCH_RESULTS=/tmp/before-1.json bun tests/bench/run.ts
 *   bun tests/bench/baseline.ts "<build and machine>" /tmp/before-*.json > tests/bench/baseline-issue-22.json
 */
import { readFileSync } from "node:fs";
import type { ScenarioRow } from "./report.ts";

export type BaselineRow = {
  scenario: string;
  clients: number;
  requestsPerSecond: number;
  p99Ms: number;
  serverCpuMs: number;
  postgresCpuMs: number;
  kbPerResponse: number;
};

export type Baseline = { build: string; runs: number; peakRssMb: number; rows: BaselineRow[] };

/** What run.ts writes to BENCH_RESULTS (the fields a baseline keeps). */
type ResultsFile = { peakRssMb: number; rows: ScenarioRow[] };

export const DEFAULT_BASELINE_PATH = new URL("./baseline-issue-22.json", import.meta.url).pathname;

export function readBaseline(path: string): Baseline {
  return readJson(path) as Baseline;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** The median of every figure over the runs, per scenario and client count. */
export function summariseRuns(build: string, runs: ResultsFile[]): Baseline {
  const phases = new Map<string, BaselineRow[]>();
  for (const run of runs) {
    for (const { scenario, result: r } of run.rows) {
      const key = `${scenario}/${r.clients}`;
      if (!phases.has(key)) phases.set(key, []);
      phases.get(key)!.push({
        scenario,
        clients: r.clients,
        requestsPerSecond: r.requestsPerSecond,
        p99Ms: r.p99Ms,
        serverCpuMs: r.cpuMsPerRequest.server,
        postgresCpuMs: r.cpuMsPerRequest.postgres,
        kbPerResponse: r.bytesPerResponse / 1024,
      });
    }
  }
  const rows = [...phases.values()].map((samples) => {
    const middle = (figure: (row: BaselineRow) => number) => round(median(samples.map(figure)));
    return {
      scenario: samples[0]!.scenario,
      clients: samples[0]!.clients,
      requestsPerSecond: middle((s) => s.requestsPerSecond),
      p99Ms: middle((s) => s.p99Ms),
      serverCpuMs: middle((s) => s.serverCpuMs),
      postgresCpuMs: middle((s) => s.postgresCpuMs),
      kbPerResponse: middle((s) => s.kbPerResponse),
    };
  });
  return {
    build,
    runs: runs.length,
    peakRssMb: round(median(runs.map((run) => run.peakRssMb))),
    rows,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

if (import.meta.main) {
  const [build, ...paths] = process.argv.slice(2);
  if (!build || paths.length === 0) {
    console.error('usage: bun tests/bench/baseline.ts "<build and machine>" results.json...');
    process.exit(2);
  }
  const runs = paths.map((path) => readJson(path) as ResultsFile);
  console.log(JSON.stringify(summariseRuns(build, runs), null, 2));
}
