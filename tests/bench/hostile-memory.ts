/**
 * Issue 43's measurement on the compiled binary: the server's resident memory, sampled every
 * 0.2 s, and /api/health, asked every second, while each hostile upload runs. Run with
 * `bun tests/bench/hostile-memory.ts` after `make build` (not part of `bun test`); it prints
 * one line per upload: peak RSS over the idle RSS before it, and /api/health's answers.
 * BENCH_UPLOADS=<text> runs only the uploads whose name contains it ("Apple Health").
 */
import { strToU8, zipSync } from "fflate";
import { UPLOAD_LIMITS } from "../../src/lib/upload-limits.ts";
import { exportXml, exportZip } from "../app-imports/apple-health-export.ts";
import { deflatedRepeat, rawZip, repetitiveFit } from "../helpers/hostile-files.ts";
import { createBenchDatabase } from "./bench-database.ts";
import { createServerEnv, removeDataDir, runCli, startServer } from "./server-process.ts";

const MB = 1024 * 1024;

/** An /api/import archive whose one data member is `rows` rows of a table no server has. */
function archiveWithRows(rows: number) {
  const data = strToU8(
    JSON.stringify({
      no_such_table: Array.from({ length: rows }, (_, i) => ({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
        entry_date: "2024-01-01",
        quantity: i,
        notes: "oats with milk",
      })),
    }),
  );
  const sha256 = new Bun.CryptoHasher("sha256").update(data).digest("hex");
  const manifest = {
    format: "fitness-export",
    format_version: 1,
    app_version: "bench",
    exported_at: new Date().toISOString(),
    source_user_id: crypto.randomUUID(),
    counts: {},
    files: 0,
    entries: [{ path: "data/bench.json", bytes: data.length, sha256 }],
  };
  return {
    zip: zipSync({ "data/bench.json": data, "manifest.json": strToU8(JSON.stringify(manifest)) }),
    memberMb: data.length / MB,
  };
}

const database = await createBenchDatabase();
const env = createServerEnv(database.url);
const migrated = runCli(env, ["migrate"]);
if (migrated.exitCode !== 0) throw new Error(migrated.stderr);
let server = await startServer(env);
const signUp = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ email: "hostile@example.test", password: "a long password", name: "H" }),
});
const { token } = (await signUp.json()) as { token: string };

async function upload(path: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return `${res.status} ${text.slice(0, 90)}`;
}

const archive = archiveWithRows(560_000);
const ACTIVITIES = "/api/exercise-entries/import";
/** Each upload: its name, route, file name, and its bytes, made before it is measured. */
const scenarios: [string, string, string, () => Uint8Array][] = [
  [
    "activity zip: one 10 MB member listed 500 times",
    ACTIVITIES,
    "bomb.zip",
    () => rawZip([{ name: "a.gpx", data: deflatedRepeat(10 * MB), declaredSize: 10 * MB }], 500),
  ],
  [
    "activity zip: five 60 MB members (256 MB limit)",
    ACTIVITIES,
    "big.zip",
    () => {
      const member = deflatedRepeat(60 * MB);
      const members = [1, 2, 3, 4, 5].map((i) => ({
        name: `${i}.gpx`,
        data: member,
        declaredSize: 60 * MB,
      }));
      return rawZip(members);
    },
  ],
  [
    "FIT in a zip: 500,001 messages (refused at the limit)",
    ACTIVITIES,
    "fit.zip",
    () => zipSync({ "ride.fit": repetitiveFit(UPLOAD_LIMITS.fitMessages + 1) }),
  ],
  [
    "FIT in a zip: 499,990 records (imported)",
    ACTIVITIES,
    "fit.zip",
    () => zipSync({ "ride.fit": repetitiveFit(UPLOAD_LIMITS.fitMessages - 10) }),
  ],
  [
    `/api/import: a ${archive.memberMb.toFixed(0)} MB data member`,
    "/api/import",
    "export.zip",
    () => archive.zip,
  ],
  [
    "Apple Health: 300 MB of whitespace in export.xml",
    "/api/import/apple-health",
    "export.zip",
    () => {
      const head = strToU8('<?xml version="1.0"?><HealthData locale="en_US">');
      const data = deflatedRepeat(300 * MB, strToU8(" ".repeat(MB)), head);
      return rawZip([{ name: "apple_health_export/export.xml", data, declaredSize: 300 * MB }]);
    },
  ],
  [
    "Apple Health: a year of a watch (imported)",
    "/api/import/apple-health",
    "export.zip",
    () => {
      const start = Date.parse("2025-01-01T12:00:00Z");
      const year = Array.from({ length: 365 }, (_, i) =>
        new Date(start + i * 86400_000).toISOString().slice(0, 10),
      );
      return exportZip(exportXml(year));
    },
  ],
];

const only = process.env.BENCH_UPLOADS ?? "";
for (const [name, path, fileName, build] of scenarios.filter(([name]) => name.includes(only))) {
  // Made first: making it holds this process, whose probe would count that as the server's.
  const bytes = build();
  // A server of its own for each upload (memory a process has used is not all given back),
  // idle for a second.
  await server.stop();
  server = await startServer(env);
  await Bun.sleep(1000);
  const idle = server.memory().rssMb;
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, server.memory().rssMb)), 200);
  const health: number[] = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      const sent = performance.now();
      const ok = await fetch(`${server.baseUrl}/api/health`).then((r) => r.ok);
      if (ok) health.push(performance.now() - sent);
      await Bun.sleep(1000);
    }
  })();
  const started = performance.now();
  const answer = await upload(path, fileName, bytes);
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await prober;
  clearInterval(sampler);
  console.log(
    `${name}: ${seconds.toFixed(1)} s, idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB ` +
      `(+${(peak - idle).toFixed(0)} MB); /api/health answered ${health.length} times, ` +
      `slowest ${Math.max(...health).toFixed(0)} ms; answer ${answer}`,
  );
}
await server.stop();
removeDataDir(env);
await database.drop();
