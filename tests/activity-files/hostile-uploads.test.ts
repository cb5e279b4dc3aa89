import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { strToU8, zipSync } from "fflate";
import { UPLOAD_LIMITS } from "../../src/lib/upload-limits.ts";
import {
  HEALTH_HELD_MS,
  deflatedRepeat,
  rawZip,
  repetitiveFit,
  watchServer,
} from "../helpers/hostile-files.ts";
import { bearer, createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { fixturePoints, makeGpx } from "../exercises/activity-fixtures.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const MB = 1024 * 1024;

async function upload(user: TestUser, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const res = await ctx.request("/api/exercise-entries/import", {
    method: "POST",
    headers: bearer(user.token),
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function stored(user: TestUser) {
  const [row] = await ctx.db.owner<{ entries: string; jobs: string }[]>`
    select (select count(*) from exercise_entries where user_id = ${user.id}) as entries,
           (select count(*) from exercise_import_jobs where user_id = ${user.id}) as jobs`;
  return { entries: Number(row!.entries), jobs: Number(row!.jobs) };
}

describe("hostile activity-file uploads", () => {
  test("a zip listing one 10 MB member 500 times is read once, and the server answers throughout", async () => {
    const user = await ctx.createUser();
    const zip = rawZip(
      [{ name: "a.gpx", data: deflatedRepeat(10 * MB), declaredSize: 10 * MB }],
      500,
    );
    expect(zip.length).toBeLessThan(64 * 1024);
    const watched = await watchServer(ctx, () => upload(user, "bomb.zip", zip));
    // The directory's 500 listings are never followed: the one member is read, and is no activity.
    expect(watched.result.status).toBe(200);
    expect(watched.result.body.files).toHaveLength(1);
    expect(watched.result.body.files[0]).toMatchObject({ file: "bomb.zip/a.gpx", status: "error" });
    expect((await stored(user)).entries).toBe(0);
    expect(watched.slowestHealthMs).toBeLessThan(HEALTH_HELD_MS);
    expect(watched.peakGrowthMb).toBeLessThan(200);
  });

  test("a member that declares 1 byte and inflates to 300 MB is a 413 naming the limit; nothing is stored", async () => {
    const user = await ctx.createUser();
    const zip = rawZip([{ name: "ride.fit", data: deflatedRepeat(300 * MB), declaredSize: 1 }]);
    expect(zip.length).toBeLessThan(1024 * 1024);
    const watched = await watchServer(ctx, () => upload(user, "liar.zip", zip));
    expect(watched.result.status).toBe(413);
    expect(watched.result.body.error).toBe("The zip member ride.fit inflates to more than 64 MB.");
    expect(await stored(user)).toEqual({ entries: 0, jobs: 0 });
    expect(watched.slowestHealthMs).toBeLessThan(HEALTH_HELD_MS);
    expect(watched.peakGrowthMb).toBeLessThan(300);
  });

  test("members inflating past 256 MB together, or more than 2000 entries, are a 413", async () => {
    const user = await ctx.createUser();
    const member = deflatedRepeat(60 * MB);
    const members = [1, 2, 3, 4, 5].map((i) => ({
      name: `${i}.gpx`,
      data: member,
      declaredSize: 60 * MB,
    }));
    const big = await watchServer(ctx, () => upload(user, "big.zip", rawZip(members)));
    expect(big.result.status).toBe(413);
    expect(big.result.body.error).toBe("The zip inflates to more than 256 MB.");
    expect(big.peakGrowthMb).toBeLessThan(500);
    expect(big.slowestHealthMs).toBeLessThan(HEALTH_HELD_MS);

    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= UPLOAD_LIMITS.activityZipEntries; i++) many[`${i}.gpx`] = strToU8("x");
    const crowded = await upload(user, "many.zip", zipSync(many, { level: 0 }));
    expect(crowded.status).toBe(413);
    expect(crowded.body.error).toBe("The zip has more than 2000 entries.");
    expect(await stored(user)).toEqual({ entries: 0, jobs: 0 });
    // Inflating 300 MB in small steps that yield takes a while on a busy two-core machine.
  }, 180_000);

  test("a FIT in a zip repeating one record past the message limit is that file's error", async () => {
    const user = await ctx.createUser();
    const fit = repetitiveFit(UPLOAD_LIMITS.fitMessages + 1);
    const zip = zipSync({ "ride.fit": fit }, { level: 9 });
    expect(zip.length).toBeLessThan(fit.length / 50);
    const watched = await watchServer(ctx, () => upload(user, "fit.zip", zip));
    expect(watched.result.status).toBe(200);
    expect(watched.result.body.files).toEqual([
      {
        file: "fit.zip/ride.fit",
        status: "error",
        error: "The FIT file has more than 500000 messages.",
      },
    ]);
    expect((await stored(user)).entries).toBe(0);
    expect(watched.peakGrowthMb).toBeLessThan(400);
    expect(watched.slowestHealthMs).toBeLessThan(HEALTH_HELD_MS);
  }, 60_000);

  test("/api/health keeps answering while a FIT at the message limit decodes", async () => {
    const user = await ctx.createUser();
    const zip = zipSync({ "ride.fit": repetitiveFit(UPLOAD_LIMITS.fitMessages + 1) });
    const form = new FormData();
    form.append("file", new File([zip], "fit.zip"));
    const started = await ctx.request("/api/exercise-entries/import?wait=false", {
      method: "POST",
      headers: bearer(user.token),
      body: form,
    });
    expect(started.status).toBe(202);
    const { job_id } = (await started.json()) as { job_id: string };
    // Health and the job in turn until the job is done. The job runs little but the decoding
    // of its one file: with the decoder on the event loop no round came while it ran (0 in
    // three runs), with it on a worker thread hundreds do.
    let answeredWhileRunning = 0;
    for (;;) {
      expect((await ctx.request("/api/health")).status).toBe(200);
      const job = await ctx.request(`/api/exercise-entries/import-jobs/${job_id}`, {
        headers: bearer(user.token),
      });
      const body = (await job.json()) as { status: string; files: unknown[] };
      if (body.status !== "running") {
        expect(body.files).toEqual([
          {
            file: "fit.zip/ride.fit",
            status: "error",
            error: "The FIT file has more than 500000 messages.",
          },
        ]);
        break;
      }
      answeredWhileRunning++;
    }
    expect(answeredWhileRunning).toBeGreaterThan(10);
  }, 60_000);

  test("a 2 MB GPX name is refused as that file's error; a 500-character one is cut to 200", async () => {
    const user = await ctx.createUser();
    const gpx = makeGpx(fixturePoints("2026-04-05T06:00:00Z", 30));
    const named = (name: string) => gpx.replace("Morning run", name);
    const huge = zipSync({ "huge.gpx": strToU8(named("n".repeat(2 * MB))) });
    const refused = await upload(user, "huge.zip", huge);
    expect(refused.body.files[0]).toMatchObject({
      status: "error",
      error: "The file has a text, name or comment longer than 1048576 characters.",
    });
    const long = await upload(user, "long.gpx", strToU8(named("L".repeat(500))));
    expect(long.body.files[0].status).toBe("imported");
    const [entry] = await ctx.db.owner<{ title: string }[]>`
      select title from exercise_entries where id = ${long.body.files[0].entry_id}`;
    expect(entry!.title).toBe("L".repeat(200));
  });

  test("elements nested 100,000 deep are that file's error", async () => {
    const user = await ctx.createUser();
    const deep = `<gpx><trk>${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}</trk></gpx>`;
    const res = await upload(user, "deep.gpx", strToU8(deep));
    expect(res.body.files[0]).toMatchObject({
      status: "error",
      error: "The file nests elements more than 100 deep.",
    });
  });
});
