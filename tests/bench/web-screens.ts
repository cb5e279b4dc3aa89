// `make bench-web`: five years of one person's data, then every screen at 1280 px in
// Chromium: time to show its data (median of 3), Cumulative Layout Shift, and the
// JavaScript it loads; then every script chunk's size.
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../web/browser.ts";
import { seedBenchPress, seedProgressPhotos } from "../web/demo-data.ts";
import { seedDemoPregnancy } from "../web/demo-pregnancy.ts";
import {
  DEMO_TIME_ZONE,
  SCREENS,
  screenHash,
  showScreen,
  startDemoServer,
  type DemoServer,
} from "../web/demo-server.ts";
import { seedFiveYears, YEARS } from "./web-seed.ts";

const ASSETS = join(import.meta.dir, "..", "..", "public", "assets");
const LOADS = 3;
const kB = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipped = (file: string) => gzipSync(readFileSync(join(ASSETS, file))).length;
const raw = (file: string) => readFileSync(join(ASSETS, file)).length;

/** Adds up every layout shift not caused by input, from the page's first paint. */
function observeLayoutShift() {
  const w = window as unknown as { __cls: number };
  w.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) w.__cls += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
}

type Row = { name: string; ms: number[]; cls: number; scripts: string[] };

async function measure(browser: Browser, demo: DemoServer, screen: (typeof SCREENS)[number]) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    timezoneId: DEMO_TIME_ZONE,
  });
  await context.addCookies([{ name: "fitness_session", value: demo.token, url: demo.url }]);
  await context.addInitScript(observeLayoutShift);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on("response", (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith("/assets/") && path.endsWith(".js")) scripts.add(path.slice(8));
  });
  // A cold load straight into the screen: the scripts it needs and nothing else.
  await page.goto(`${demo.url}/#${screenHash(demo, screen)}`);
  await page.locator(screen.ready).first().waitFor();
  await page.waitForLoadState("networkidle");
  const loaded = [...scripts];
  const row: Row = { name: screen.name, ms: [], cls: 0, scripts: loaded };
  for (let i = 0; i < LOADS; i++) {
    await page.evaluate(() => ((window as unknown as { __cls: number }).__cls = 0));
    row.ms.push(await showScreen(page, demo, screen));
    // Shifts are reported after the frame that made them.
    const cls = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve((window as unknown as { __cls: number }).__cls)),
          ),
        ),
    );
    row.cls = Math.max(row.cls, cls);
  }
  await context.close();
  return row;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const started = performance.now();
let seedLog: string[] = [];
const demo = await startDemoServer(async (target) => {
  seedLog = await seedFiveYears(target);
  // The strength screens (a day's sets, presets and plans, progress) show the demo's sessions.
  await seedBenchPress(target.url, target.token, target.today);
  await seedProgressPhotos(target.url, target.token, target.today);
  await seedDemoPregnancy(target.url, target.token);
});
console.log(
  `started and seeded ${YEARS} years in ${Math.round((performance.now() - started) / 1000)} s:`,
);
for (const line of seedLog) console.log(`  ${line}`);
const browser = await launchBrowser();
try {
  const rows: Row[] = [];
  for (const screen of SCREENS) rows.push(await measure(browser, demo, screen));
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
  console.log(`\nscreens at 1280 px, ${YEARS} years of data, load average ${load}:`);
  console.log("| screen | data shown (median of 3) | loads (ms) | CLS | JS raw kB | JS gzip kB |");
  console.log("|---|---:|---|---:|---:|---:|");
  for (const row of rows) {
    const rawBytes = row.scripts.reduce((sum, f) => sum + raw(f), 0);
    const gzipBytes = row.scripts.reduce((sum, f) => sum + gzipped(f), 0);
    console.log(
      `| ${row.name} | ${median(row.ms)} ms | ${row.ms.join(", ")} | ${row.cls.toFixed(3)} | ${kB(rawBytes)} | ${kB(gzipBytes)} |`,
    );
  }
  console.log("\nscript chunks in public/assets (screens that load them):");
  console.log("| file | raw kB | gzip kB | loaded by |");
  console.log("|---|---:|---:|---|");
  for (const file of readdirSync(ASSETS)
    .filter((f) => f.endsWith(".js"))
    .sort()) {
    const users = rows.filter((r) => r.scripts.includes(file)).map((r) => r.name);
    const by = users.length === rows.length ? "every screen" : users.join(", ") || "none here";
    console.log(`| ${file} | ${kB(raw(file))} | ${kB(gzipped(file))} | ${by} |`);
  }
} finally {
  await browser.close();
  await demo.stop();
}
