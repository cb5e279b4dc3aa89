import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { deflateSync, strToU8, zipSync } from "fflate";
import { clearUploadDirs } from "../../src/app-imports/upload-tmp.ts";
import { UPLOAD_LIMITS } from "../../src/lib/upload-limits.ts";
import { HEALTH_HELD_MS, deflatedRepeat, rawZip, watchServer } from "../helpers/hostile-files.ts";
import { bearer, createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { exportXml, ROUTE_FILE } from "./apple-health-export.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const MB = 1024 * 1024;

const XML_PATH = "apple_health_export/export.xml";

async function send(user: TestUser, path: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], "upload"));
  const res = await ctx.request(path, { method: "POST", headers: bearer(user.token), body: form });
  return { status: res.status, body: (await res.json()) as any };
}

/** Rows the imports write for the user: samples, check-ins, workouts, diary entries. */
async function stored(user: TestUser) {
  const [row] = await ctx.db.owner<{ n: string }[]>`
    select (select count(*) from custom_measurement_entries where user_id = ${user.id})
         + (select count(*) from check_in_measurements where user_id = ${user.id})
         + (select count(*) from exercise_entries where user_id = ${user.id})
         + (select count(*) from food_entries where user_id = ${user.id}) as n`;
  return Number(row!.n);
}

/** A zip whose export.xml is `head`, then `fill` repeated for `bytes`, never closed. */
function endlessXml(head: string, fill: string, bytes: number) {
  const data = deflatedRepeat(bytes, strToU8(fill.repeat(MB)), strToU8(head));
  return rawZip([{ name: XML_PATH, data, declaredSize: bytes }]);
}

describe("hostile Apple Health exports", () => {
  test("a route file inflating past 64 MB is a 413; nothing is stored", async () => {
    const user = await ctx.createUser();
    const xml = deflateSync(strToU8(exportXml()));
    const zip = rawZip([
      { name: XML_PATH, data: xml, declaredSize: exportXml().length },
      {
        name: `apple_health_export${ROUTE_FILE}`,
        data: deflatedRepeat(100 * MB, strToU8(" ".repeat(MB))),
        declaredSize: 1000,
      },
    ]);
    const watched = await watchServer(ctx, () => send(user, "/api/import/apple-health", zip));
    expect(watched.result).toEqual({
      status: 413,
      body: {
        error: `The route file apple_health_export${ROUTE_FILE} inflates to more than 64 MB.`,
      },
    });
    expect(await stored(user)).toBe(0);
    expect(watched.slowestHealthMs).toBeLessThan(HEALTH_HELD_MS);
    expect(watched.peakGrowthMb).toBeLessThan(300);
  }, 120_000);

  test("a comment of 200 MB is a 413 at 1 MB of it; 300 MB of whitespace streams by in bounded memory", async () => {
    const user = await ctx.createUser();
    const head = '<?xml version="1.0"?><HealthData locale="en_US">';
    const comment = endlessXml(`${head}<!--`, "x", 200 * MB);
    expect(comment.length).toBeLessThan(MB);
    const refused = await watchServer(ctx, () => send(user, "/api/import/apple-health", comment));
    expect(refused.result).toEqual({
      status: 413,
      body: {
        error: "export.xml has a text, attribute or comment longer than 1048576 characters.",
      },
    });
    expect(refused.peakGrowthMb).toBeLessThan(100);
    // Whitespace between elements is never gathered: it is read through (this export never
    // closes its root, so it ends as malformed) without memory growing or the server waiting.
    // 300 MB of it, against a bound of 250 MB: a reader that gathered it would pass the bound,
    // while garbage not yet collected (up to ~190 MB seen on a busy machine) stays under.
    const blank = endlessXml(head, " ", 300 * MB);
    const read = await watchServer(ctx, () => send(user, "/api/import/apple-health", blank));
    expect(read.result.status).toBe(400);
    expect(read.result.body.error).toContain("unclosed tag: HealthData");
    expect(read.peakGrowthMb).toBeLessThan(250);
    expect(read.slowestHealthMs).toBeLessThan(HEALTH_HELD_MS);
    expect(await stored(user)).toBe(0);
  }, 120_000);

  test("/api/health keeps answering while 300 MB of export.xml whitespace is read", async () => {
    const user = await ctx.createUser();
    const head = '<?xml version="1.0"?><HealthData locale="en_US">';
    const blank = endlessXml(head, " ", 300 * MB);
    let done = false;
    const upload = send(user, "/api/import/apple-health", blank).finally(() => (done = true));
    // /api/health again and again until the import answers. Read on the server's thread, the
    // export left a round now and then between its slices and the collections its garbage
    // caused (58 rounds in 23 s); read on a worker, thousands (4,124 in 31 s on the same
    // loaded machine).
    let answeredWhileReading = 0;
    while (!done) {
      expect((await ctx.request("/api/health")).status).toBe(200);
      answeredWhileReading++;
    }
    const answer = await upload;
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain("unclosed tag: HealthData");
    expect(answeredWhileReading).toBeGreaterThan(500);
  }, 120_000);

  test("workouts past the gathering limit are a 413 before anything is written", async () => {
    const user = await ctx.createUser();
    const limits = UPLOAD_LIMITS as { appleHealthGathered: number };
    const saved = limits.appleHealthGathered;
    // The limit is a million; a thousand shows the same path in a fraction of the time.
    limits.appleHealthGathered = 1000;
    try {
      const workout =
        '<Workout workoutActivityType="HKWorkoutActivityTypeRunning" startDate="2026-05-03 08:00:00 +0200" endDate="2026-05-03 08:30:00 +0200"/>\n';
      const xml = `<?xml version="1.0"?><HealthData>${workout.repeat(1001)}</HealthData>`;
      const zip = zipSync({ [XML_PATH]: strToU8(xml) });
      const res = await send(user, "/api/import/apple-health", zip);
      expect(res).toEqual({
        status: 413,
        body: { error: "The export has more than 1000 workouts, sleep samples and day totals." },
      });
    } finally {
      limits.appleHealthGathered = saved;
    }
    expect(await stored(user)).toBe(0);
  });

  test("elements nested 100,000 deep are a 422", async () => {
    const user = await ctx.createUser();
    const xml = `<?xml version="1.0"?><HealthData>${"<a>".repeat(100_000)}`;
    const res = await send(user, "/api/import/apple-health", zipSync({ [XML_PATH]: strToU8(xml) }));
    expect(res).toEqual({
      status: 422,
      body: { error: "export.xml nests elements more than 100 deep." },
    });
  });

  test("uploads left in <data>/tmp by a server that died are removed at start", async () => {
    const tmp = join(ctx.config.dataDir, "tmp");
    mkdirSync(join(tmp, "apple-health-abc"), { recursive: true });
    writeFileSync(join(tmp, "apple-health-abc", "export.zip"), "half an upload");
    writeFileSync(join(tmp, "other-file"), "kept");
    expect(await clearUploadDirs(ctx.config.dataDir)).toBe(1);
    expect(existsSync(join(tmp, "apple-health-abc"))).toBe(false);
    expect(existsSync(join(tmp, "other-file"))).toBe(true);
  });
});

describe("hostile CSV and archive imports", () => {
  test("a 211 KB CSV of 2,000 columns and 100,000 rows is a 413; so are 500,001 rows", async () => {
    const user = await ctx.createUser();
    const wide = `${Array.from({ length: 2000 }, (_, i) => `c${i}`).join(",")}\n${"x\n".repeat(100_000)}`;
    const watched = await watchServer(ctx, () =>
      send(user, "/api/import/myfitnesspal", strToU8(wide)),
    );
    expect(watched.result).toEqual({
      status: 413,
      body: { error: "The CSV file has more than 500 columns." },
    });
    expect(watched.peakGrowthMb).toBeLessThan(100);
    const long = `Date,Meal,Calories\n${"2026-05-01,Lunch,1\n".repeat(UPLOAD_LIMITS.csvRows + 1)}`;
    const rows = await send(user, "/api/import/cronometer", strToU8(long));
    expect(rows).toEqual({
      status: 413,
      body: { error: "The CSV file has more than 500000 rows." },
    });
    expect(await stored(user)).toBe(0);
  });

  test("/api/import counts what inflates, not what the zip declares, and its entries", async () => {
    const user = await ctx.createUser();
    const liar = rawZip([
      { name: "manifest.json", data: deflatedRepeat(100 * MB), declaredSize: 10 },
    ]);
    const watched = await watchServer(ctx, () => send(user, "/api/import", liar));
    expect(watched.result).toEqual({
      status: 413,
      body: { error: "The zip member manifest.json inflates to more than 64 MB." },
    });
    expect(watched.slowestHealthMs).toBeLessThan(HEALTH_HELD_MS);
    expect(watched.peakGrowthMb).toBeLessThan(500);

    const empty = new Uint8Array(0);
    const members = Array.from({ length: UPLOAD_LIMITS.archiveZipEntries + 1 }, (_, i) => ({
      name: `f/${i}`,
      data: empty,
      declaredSize: 0,
      method: 0 as const,
    }));
    const crowded = await send(user, "/api/import", rawZip(members));
    expect(crowded).toEqual({
      status: 413,
      body: { error: "The zip has more than 20000 entries." },
    });
    expect(await stored(user)).toBe(0);
  }, 120_000);
});

describe("a stalled Apple Health upload", () => {
  test("is closed by the idle timeout: the route lifts it only once the body is in", async () => {
    const user = await ctx.createUser();
    const server = Bun.serve({ port: 0, fetch: (request, bun) => ctx.app.fetch(request, bun) });
    try {
      const closed = Promise.withResolvers<number>();
      const started = performance.now();
      const socket = await Bun.connect({
        hostname: "127.0.0.1",
        port: server.port!,
        socket: { data() {}, close: () => closed.resolve(performance.now() - started) },
      });
      socket.write(
        `POST /api/import/apple-health HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${user.token}\r\n` +
          "Content-Type: application/zip\r\nContent-Length: 1000000\r\n\r\nPK\u0003\u0004",
      );
      // Bun's idle timeout is 10 s; without it the connection would stay open for good.
      const ms = await Promise.race([closed.promise, Bun.sleep(30_000).then(() => -1)]);
      expect(ms).toBeGreaterThan(0);
      expect(ms).toBeLessThan(25_000);
    } finally {
      server.stop(true);
    }
  }, 60_000);
});
