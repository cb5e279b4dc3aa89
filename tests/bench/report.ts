import type { Baseline } from "./baseline.ts";
import type { PhaseResult } from "./load.ts";

export type ScenarioRow = { scenario: string; result: PhaseResult };

/** Targets of issues 4 and 22 (sequential phases; peak RSS throughout). */
const TARGETS: Record<string, { rps: number; p99Ms?: number; serverCpuMs?: number }> = {
  "a scalar x100": { rps: 100 },
  "b new workout": { rps: 150, p99Ms: 15, serverCpuMs: 5 },
  "c re-post": { rps: 75, p99Ms: 40 },
  "d track points": { rps: 1000 },
};
export const RSS_TARGET_MB = 200;

export function formatTable(rows: ScenarioRow[]): string {
  const header = [
    "scenario",
    "clients",
    "reqs",
    "req/s",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "max ms",
    "errors",
    "KB/resp",
    "peak RSS MB",
    "cpu ms/req srv+pg+bench",
    "db ms/req act+idleTx",
    "load",
    "target",
  ];
  const lines = rows.map(({ scenario, result: r }) => [
    scenario,
    String(r.clients),
    String(r.requests) + (r.cappedByTime ? "*" : ""),
    r.requestsPerSecond.toFixed(1),
    r.p50Ms.toFixed(1),
    r.p95Ms.toFixed(1),
    r.p99Ms.toFixed(1),
    r.maxMs.toFixed(1),
    String(r.errors),
    (r.bytesPerResponse / 1024).toFixed(1),
    r.peakRssMb.toFixed(0),
    [r.cpuMsPerRequest.server, r.cpuMsPerRequest.postgres, r.cpuMsPerRequest.benchClient]
      .map((ms) => ms.toFixed(1))
      .join("+"),
    `${r.databaseMsPerRequest.active.toFixed(1)}+${r.databaseMsPerRequest.idleInTransaction.toFixed(1)}`,
    r.loadAverage.toFixed(1),
    verdict(scenario, r),
  ]);
  return alignColumns(header, lines);
}

/**
 * Each phase of this run beside the same phase of the baseline build: requests/s, p99 and
 * CPU per request (server, its PostgreSQL backends) and bytes per response, before -> after.
 */
export function formatComparison(baseline: Baseline, rows: ScenarioRow[]): string {
  const header = [
    "scenario",
    "clients",
    "req/s",
    "x",
    "p99 ms",
    "cpu ms srv",
    "cpu ms pg",
    "KB/resp",
  ];
  const lines = rows.flatMap(({ scenario, result: r }) => {
    const before = baseline.rows.find((b) => b.scenario === scenario && b.clients === r.clients);
    if (!before) return [];
    const change = (from: number, to: number, digits: number) =>
      `${from.toFixed(digits)} -> ${to.toFixed(digits)}`;
    return [
      [
        scenario,
        String(r.clients),
        change(before.requestsPerSecond, r.requestsPerSecond, 0),
        (r.requestsPerSecond / before.requestsPerSecond).toFixed(1),
        change(before.p99Ms, r.p99Ms, 1),
        change(before.serverCpuMs, r.cpuMsPerRequest.server, 1),
        change(before.postgresCpuMs, r.cpuMsPerRequest.postgres, 1),
        change(before.kbPerResponse, r.bytesPerResponse / 1024, 1),
      ],
    ];
  });
  return alignColumns(header, lines);
}

/**
 * One line per read of the day (issue 39): server and PostgreSQL CPU per request and p99,
 * sequential, then 8 clients' requests/s against one client's. Targets: at most 1 ms of
 * server CPU and a p99 under 10 ms sequential, 8 clients at least 1.5x one.
 */
export function formatDayReads(rows: ScenarioRow[]): string {
  const header = ["read", "srv ms", "pg ms", "p99 ms", "req/s 1", "req/s 8", "8/1", "target"];
  const lines = rows.flatMap(({ scenario, result: one }) => {
    if (one.clients !== 1) return [];
    const eight = rows.find((r) => r.scenario === scenario && r.result.clients === 8)?.result;
    const ratio = eight ? eight.requestsPerSecond / one.requestsPerSecond : NaN;
    const missed = [
      one.cpuMsPerRequest.server > 1 ? "cpu>1ms" : "",
      one.p99Ms >= 10 ? "p99>=10" : "",
      ratio < 1.5 ? "8/1<1.5" : "",
      one.errors + (eight?.errors ?? 0) > 0 ? "errors" : "",
    ].filter(Boolean);
    return [
      [
        scenario,
        one.cpuMsPerRequest.server.toFixed(2),
        one.cpuMsPerRequest.postgres.toFixed(2),
        one.p99Ms.toFixed(1),
        one.requestsPerSecond.toFixed(0),
        eight ? eight.requestsPerSecond.toFixed(0) : "-",
        ratio.toFixed(2),
        missed.length ? `MISS ${missed.join(",")}` : "ok",
      ],
    ];
  });
  return alignColumns(header, lines);
}

function alignColumns(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [format(header), ...lines.map(format)].join("\n");
}

/** "ok" or what was missed; concurrent phases are only held to errors and memory. */
function verdict(scenario: string, r: PhaseResult): string {
  const missed: string[] = [];
  const target = TARGETS[scenario];
  if (target && r.clients === 1) {
    if (r.requestsPerSecond < target.rps) missed.push(`<${target.rps}/s`);
    if (target.p99Ms !== undefined && r.p99Ms >= target.p99Ms) missed.push(`p99>=${target.p99Ms}`);
    if (target.serverCpuMs !== undefined && r.cpuMsPerRequest.server > target.serverCpuMs)
      missed.push(`cpu>${target.serverCpuMs}ms`);
  }
  if (r.errors > 0) missed.push("errors");
  if (r.peakRssMb >= RSS_TARGET_MB) missed.push(`RSS>=${RSS_TARGET_MB}`);
  return missed.length ? `MISS ${missed.join(",")}` : "ok";
}
