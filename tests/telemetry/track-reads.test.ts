import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import {
  createWorkoutUser,
  gpsTrack,
  hrSamples,
  postWorkouts,
  workoutRecord,
} from "../workouts/workout-fixtures.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

const START = "2026-04-02T07:00:00Z";

function workout(sourceId: string, points: number, hr = (i: number) => 120 + (i % 30)) {
  return workoutRecord({
    source_id: sourceId,
    gps_points: gpsTrack(START, points, { hr, alt: (i) => 100 + i / 10 }),
    hr_samples: hrSamples(START, 120, 5, (i) => 100 + (i % 50)),
  });
}

async function postedWorkout(points = 300) {
  const user = await createWorkoutUser(ctx);
  const answer = await postWorkouts(ctx, user.key, workout("track-1", points));
  return { user, id: answer.processed[0]!.data.id };
}

/** Posts a workout that only adds `count` heart-rate samples of `bpm`, 5 s apart, from `start`. */
async function postMoreSamples(
  key: string,
  sourceId: string,
  start: string,
  count: number,
  bpm: number,
) {
  const samples = hrSamples(start, count, 5, () => bpm);
  await postWorkouts(ctx, key, workoutRecord({ source_id: sourceId, hr_samples: samples }));
}

async function get(token: string, path: string, headers: Record<string, string> = {}) {
  return ctx.request(path, { headers: { Authorization: `Bearer ${token}`, ...headers } });
}

function decode(res: Response, bytes: Uint8Array) {
  const encoding = res.headers.get("Content-Encoding");
  const plain =
    encoding === "br"
      ? brotliDecompressSync(bytes)
      : encoding === "gzip"
        ? gunzipSync(bytes)
        : bytes;
  return JSON.parse(new TextDecoder().decode(plain));
}

describe("track documents", () => {
  test("the columns form carries the same points as the point list", async () => {
    const { user, id } = await postedWorkout();
    const points = (await (
      await get(user.token, `/api/generic-health/workout-gps/${id}`)
    ).json()) as any;
    const columns = (await (
      await get(user.token, `/api/generic-health/workout-gps/${id}?format=columns`)
    ).json()) as any;
    const list = points.data.points as Record<string, unknown>[];
    expect(list).toHaveLength(300);
    const base = Date.parse(columns.data.base_time);
    expect(columns.data.t_offset_ms).toHaveLength(300);
    list.forEach((point, i) => {
      expect(new Date(base + columns.data.t_offset_ms[i]).toISOString()).toBe(point.t as string);
      for (const channel of ["lat", "lon", "alt", "hr", "speed"])
        expect(columns.data[channel][i]).toBe(point[channel]);
    });
    // Channels the device did not record are absent in both forms.
    expect(columns.data.power).toBeUndefined();
    expect(list[0]!.power).toBeUndefined();
    expect(columns.data.exercise_entry_id).toBe(id);
  });

  test("points read back as posted: coordinates exactly, other channels to float32 precision", async () => {
    const user = await createWorkoutUser(ctx);
    const posted = gpsTrack(START, 200, { alt: (i) => 100 + i / 10, hr: (i) => 120.25 + i / 7 });
    const answer = await postWorkouts(
      ctx,
      user.key,
      workoutRecord({ source_id: "exact-1", gps_points: posted }),
    );
    const id = answer.processed[0]!.data.id;
    const body = (await (
      await get(user.token, `/api/generic-health/workout-gps/${id}`)
    ).json()) as any;
    const read = body.data.points as Record<string, number | string>[];
    expect(read).toHaveLength(posted.length);
    read.forEach((point, i) => {
      const sent = posted[i]!;
      expect(point.t).toBe(sent.t);
      expect([point.lat, point.lon]).toEqual([sent.lat, sent.lon]);
      // real[] keeps the float32 nearest the posted value: equal once both are rounded.
      for (const channel of ["alt", "hr", "speed"] as const)
        expect(Math.fround(point[channel] as number)).toBe(Math.fround(sent[channel] as number));
    });
    expect(read.some((point, i) => point.hr !== posted[i]!.hr)).toBe(true);
  });

  test("an unknown format is a 400 and another user's workout a 404", async () => {
    const { user, id } = await postedWorkout(20);
    const bad = await get(user.token, `/api/generic-health/workout-gps/${id}?format=xml`);
    expect(bad.status).toBe(400);
    const other = await ctx.createUser();
    const res = await get(other.token, `/api/generic-health/workout-gps/${id}?format=columns`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Exercise entry not found." });
  });

  test("brotli, gzip or identity as the client accepts, each decoding to the same answer", async () => {
    const { user, id } = await postedWorkout();
    const path = `/api/generic-health/workout-gps/${id}`;
    const answers = new Map<string, { encoding: string | null; body: unknown; size: number }>();
    for (const accept of ["br, gzip", "gzip", "identity", "gzip;q=1, br;q=0", "*", ""]) {
      const res = await get(user.token, path, accept ? { "Accept-Encoding": accept } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get("Vary")).toBe("Accept-Encoding");
      const bytes = new Uint8Array(await res.arrayBuffer());
      answers.set(accept, {
        encoding: res.headers.get("Content-Encoding"),
        body: decode(res, bytes),
        size: bytes.byteLength,
      });
    }
    expect(answers.get("br, gzip")!.encoding).toBe("br");
    expect(answers.get("gzip")!.encoding).toBe("gzip");
    expect(answers.get("gzip;q=1, br;q=0")!.encoding).toBe("gzip");
    expect(answers.get("*")!.encoding).toBe("br");
    expect(answers.get("identity")!.encoding).toBeNull();
    expect(answers.get("")!.encoding).toBeNull();
    const plain = answers.get("identity")!;
    for (const answer of answers.values()) expect(answer.body).toEqual(plain.body);
    expect(answers.get("br, gzip")!.size).toBeLessThan(plain.size / 3);
  });

  test("a strong ETag answers 304 in any encoding until the track changes", async () => {
    const { user, id } = await postedWorkout();
    const path = `/api/generic-health/workout-gps/${id}`;
    const first = await get(user.token, path, { "Accept-Encoding": "br" });
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[^"]+-br"$/);
    await first.arrayBuffer();
    for (const accept of ["br", "gzip", "identity"]) {
      const again = await get(user.token, path, {
        "Accept-Encoding": accept,
        "If-None-Match": etag,
      });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
    }
    // An identical re-post writes nothing: the copy stays current.
    await postWorkouts(ctx, user.key, workout("track-1", 300));
    expect((await get(user.token, path, { "If-None-Match": etag })).status).toBe(304);

    // A changed track answers 200 with the new points and a new tag.
    await postWorkouts(
      ctx,
      user.key,
      workout("track-1", 300, () => 150),
    );
    const changed = await get(user.token, path, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(`"${etag.slice(1, -4)}"`);
    const body = (await changed.json()) as any;
    expect(body.data.points.every((p: { hr: number }) => p.hr === 150)).toBe(true);
  });

  test("a document kept in memory is sent only for the track's current version, only to its owner", async () => {
    const { user, id } = await postedWorkout();
    const path = `/api/generic-health/workout-gps/${id}`;
    const first = (await (await get(user.token, path)).json()) as any;
    const again = await get(user.token, path);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    expect(first.data.points.some((p: { hr: number }) => p.hr !== 150)).toBe(true);

    const other = await ctx.createUser();
    expect((await get(other.token, path)).status).toBe(404);

    await postWorkouts(
      ctx,
      user.key,
      workout("track-1", 300, () => 150),
    );
    const changed = (await (await get(user.token, path)).json()) as any;
    expect(changed.data.points).toHaveLength(300);
    expect(changed.data.points.every((p: { hr: number }) => p.hr === 150)).toBe(true);
  });

  test("a workout without GPS answers data null", async () => {
    const user = await createWorkoutUser(ctx);
    const answer = await postWorkouts(ctx, user.key, workoutRecord({ source_id: "no-gps" }));
    const res = await get(
      user.token,
      `/api/generic-health/workout-gps/${answer.processed[0]!.data.id}`,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: null });
  });
});

describe("day samples", () => {
  test("columns form, compression over 1 kB, and 304 on the ETag", async () => {
    const { user } = await postedWorkout(50);
    const path = "/api/generic-health/samples?metric=heart_rate&date=2026-04-02";
    const list = await get(user.token, path, { "Accept-Encoding": "gzip" });
    expect(list.headers.get("Content-Encoding")).toBe("gzip");
    const etag = list.headers.get("ETag")!;
    expect(etag).toMatch(/-gzip"$/);
    const groups = decode(list, new Uint8Array(await list.arrayBuffer())).data;
    expect(groups[0].samples).toHaveLength(120);

    const columns = (await (await get(user.token, `${path}&format=columns`)).json()) as any;
    const group = columns.data[0];
    expect(group.value).toEqual(groups[0].samples.map((s: { value: number }) => s.value));
    const base = Date.parse(group.base_time);
    expect(group.t_offset_ms.map((o: number) => new Date(base + o).toISOString())).toEqual(
      groups[0].samples.map((s: { t: string }) => s.t),
    );

    expect((await get(user.token, path, { "If-None-Match": etag })).status).toBe(304);
    await postMoreSamples(user.key, "more-samples", "2026-04-02T12:00:00Z", 3, 90);
    expect((await get(user.token, path, { "If-None-Match": etag })).status).toBe(200);
  });

  test("a repeated read answers the same from the cache until the samples change, per user", async () => {
    const { user } = await postedWorkout(20);
    const other = await createWorkoutUser(ctx);
    const path = "/api/generic-health/samples?metric=heart_rate&date=2026-04-02";
    const read = async (token: string) => {
      const res = await get(token, path, { "Accept-Encoding": "identity" });
      return { etag: res.headers.get("ETag"), body: (await res.json()) as any };
    };
    const first = await read(user.token);
    const again = await read(user.token);
    expect(again).toEqual(first);
    expect(first.body.data[0].samples).toHaveLength(120);
    // Same day and metric, another user: that user's own (empty) answer, not the cached one.
    const theirs = await read(other.token);
    expect(theirs.body).toEqual({ data: [] });
    expect(theirs.etag).not.toBe(first.etag);

    await postMoreSamples(user.key, "later-samples", "2026-04-02T18:00:00Z", 4, 77);
    const changed = await read(user.token);
    expect(changed.etag).not.toBe(first.etag);
    expect(changed.body.data[0].samples).toHaveLength(124);
    expect(changed.body.data[0].samples.at(-1)).toEqual({
      t: "2026-04-02T18:00:15.000Z",
      value: 77,
    });
    expect(await read(user.token)).toEqual(changed);
    // A row removed changes the answer too.
    await ctx.db.owner`delete from health_metric_samples where user_id = ${user.id}`;
    expect(await read(user.token)).toMatchObject({ body: { data: [] } });
  });

  test("small answers are sent as they are, and impossible dates are a 400", async () => {
    const user = await createWorkoutUser(ctx);
    const path = "/api/generic-health/samples?metric=heart_rate&date=2026-04-02";
    const empty = await get(user.token, path, { "Accept-Encoding": "br, gzip" });
    expect(empty.headers.get("Content-Encoding")).toBeNull();
    expect(await empty.json()).toEqual({ data: [] });
    const bad = await get(
      user.token,
      "/api/generic-health/samples?metric=heart_rate&date=2026-02-30",
    );
    expect(bad.status).toBe(400);
  });
});
