/**
 * Issue 12: GPX and TCX files of many thousands of points stream rather than load whole.
 * Parses a 10,800-point GPX and TCX file (a 3-hour ride, one point a second) and prints the
 * median and best parse time and the peak memory growth of the parse. Each format runs in
 * a child process of its own, so the peak resident size (maxRSS) is that parse's alone.
 * Run: bun tests/bench/activity-import.ts (not part of bun test; no database needed).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readActivities } from "../../src/activity-files/read-files.ts";
import { fixturePoints, makeGpx, makeTcx } from "../exercises/activity-fixtures.ts";

const RUNS = 7;
const POINTS = 10_800;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** In the child: one cold parse for the memory peak, then timed runs. */
async function measure(path: string) {
  const file = { name: path, bytes: await Bun.file(path).bytes() };
  Bun.gc(true);
  const rssBefore = process.resourceUsage().maxRSS * 1024;
  const heapBefore = process.memoryUsage().heapUsed;
  const [activity] = await readActivities(file);
  const heapAfter = process.memoryUsage().heapUsed;
  const rssPeak = process.resourceUsage().maxRSS * 1024;
  if (activity?.samples.t.length !== POINTS)
    throw new Error(`expected ${POINTS} points, got ${activity?.samples.t.length}`);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    await readActivities(file);
    times.push(performance.now() - t);
  }
  console.log(
    JSON.stringify({ times, rssGrowth: rssPeak - rssBefore, heapGrowth: heapAfter - heapBefore }),
  );
}

if (process.argv[2] === "--child") {
  await measure(process.argv[3]!);
} else {
  const dir = mkdtempSync(join(tmpdir(), "activity-bench-"));
  try {
    const points = fixturePoints("2026-07-01T06:00:00Z", POINTS, 8);
    const files = {
      GPX: [join(dir, "ride.gpx"), makeGpx(points, "cycling")],
      TCX: [join(dir, "ride.tcx"), makeTcx(points)],
    } as const;
    console.log(`Activity-file parse, ${POINTS} points, ${RUNS} runs after a cold one:`);
    for (const [format, [path, text]] of Object.entries(files)) {
      writeFileSync(path, text);
      const child = Bun.spawnSync([process.execPath, import.meta.path, "--child", path]);
      if (child.exitCode !== 0) throw new Error(child.stderr.toString());
      const r = JSON.parse(child.stdout.toString());
      console.log(
        `  ${format} ${mb(text.length)} MB: parse ${median(r.times).toFixed(0)} ms median / ` +
          `${Math.min(...r.times).toFixed(0)} ms best; peak RSS growth ${mb(r.rssGrowth)} MB, ` +
          `heap held after the cold parse ${mb(r.heapGrowth)} MB`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
