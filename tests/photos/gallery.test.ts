import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { saveUpload } from "../../src/storage/uploads.ts";
import { GIF, JPEG, PNG, WEBP } from "../helpers/image-fixtures.ts";
import { getJson, PHOTOS, storedPhotoFiles, uploadPhoto } from "../helpers/photo-requests.ts";
import {
  bearer,
  createTestContext,
  jsonRequest,
  type TestContext,
  type TestUser,
} from "../helpers/test-app.ts";

let ctx: TestContext;
// Starting an embedded database can take longer than the default 5 s hook timeout.
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

async function upload(user: TestUser, date: string, type: string, bytes = JPEG) {
  const res = await uploadPhoto(ctx, user, date, type, bytes);
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; file_path: string };
}

function saveWeight(user: TestUser, date: string, weight: number) {
  return ctx.request(
    "/api/measurements/check-in",
    jsonRequest("POST", user.token, { entry_date: date, weight }),
  );
}

describe("photo listings", () => {
  test("gallery: newest day first, then angle ascending, weight joined, no file_path", async () => {
    const a = await ctx.createUser();
    await upload(a, "2026-01-05", "side");
    await upload(a, "2026-02-01", "front", PNG);
    await upload(a, "2026-01-05", "back", GIF);
    await upload(a, "2026-02-01", "side", WEBP);
    await upload(a, "2026-01-05", "front");
    await saveWeight(a, "2026-01-05", 82.5);

    const { status, body } = await getJson(ctx, a, PHOTOS);
    expect(status).toBe(200);
    expect(body.map((p: any) => [p.entry_date, p.photo_type, p.weight])).toEqual([
      ["2026-02-01", "front", null],
      ["2026-02-01", "side", null],
      ["2026-01-05", "back", 82.5],
      ["2026-01-05", "front", 82.5],
      ["2026-01-05", "side", 82.5],
    ]);
    for (const photo of body)
      expect(Object.keys(photo).sort()).toEqual(["entry_date", "id", "photo_type", "weight"]);

    expect((await getJson(ctx, a, `${PHOTOS}/dates`)).body).toEqual(["2026-02-01", "2026-01-05"]);
  });

  test("the day's listing carries file_path, and the weight follows the day's check-in", async () => {
    const a = await ctx.createUser();
    const side = await upload(a, "2026-03-07", "side");
    const front = await upload(a, "2026-03-07", "front", PNG);
    const day = () => getJson(ctx, a, `${PHOTOS}/2026-03-07`);
    expect((await day()).body).toEqual([
      { ...front, entry_date: "2026-03-07", photo_type: "front", weight: null },
      { ...side, entry_date: "2026-03-07", photo_type: "side", weight: null },
    ]);

    // Joined on read, not stored: a check-in entered or changed later shows up.
    await saveWeight(a, "2026-03-07", 71);
    expect((await day()).body.map((p: any) => p.weight)).toEqual([71, 71]);
    await saveWeight(a, "2026-03-07", 70.4);
    expect((await getJson(ctx, a, PHOTOS)).body.map((p: any) => p.weight)).toEqual([70.4, 70.4]);
    // The upload response carries it too.
    const back = await uploadPhoto(ctx, a, "2026-03-07", "back", GIF);
    expect((await back.json()).weight).toBe(70.4);

    expect((await getJson(ctx, a, `${PHOTOS}/2026-03-08`)).body).toEqual([]);
    const bad = await getJson(ctx, a, `${PHOTOS}/2026-3-8`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("date");
  });
});

describe("private storage", () => {
  test("the public upload mounts answer 404 for the check-in subtree", async () => {
    const a = await ctx.createUser();
    const photo = await upload(a, "2026-04-01", "front");
    const upper = photo.file_path.replace("check-in", "Check-In");
    const paths = [
      `/uploads/${photo.file_path}`,
      `/api/uploads/${photo.file_path}`,
      `/uploads/${upper}`,
      `/api/uploads/${upper}`,
      `/uploads/other/../${photo.file_path}`,
      `/uploads/other/%2e%2e/${photo.file_path}`,
      `/uploads/${photo.file_path.replace("check-in", "check%2Din")}`,
    ];
    for (const path of paths) {
      const res = await ctx.request(path, { headers: bearer(a.token) });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(await res.json()).toEqual({ error: "Not found." });
    }
    // The mount itself works, and the photo is still readable through its own route.
    await saveUpload(ctx.config.uploadsDir, "other/public.png", PNG);
    expect((await ctx.request("/uploads/other/public.png")).status).toBe(200);
    const file = await ctx.request(`${PHOTOS}/file/${photo.id}`, { headers: bearer(a.token) });
    expect(file.status).toBe(200);
  });
});

describe("photo isolation between users", () => {
  test("user B gets 404 for A's photo id on every route and sees none of A's photos", async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    const photo = await upload(a, "2026-05-01", "front");
    await saveWeight(a, "2026-05-01", 60);

    const file = await ctx.request(`${PHOTOS}/file/${photo.id}`, { headers: bearer(b.token) });
    expect(file.status).toBe(404);
    expect(typeof (await file.json()).error).toBe("string");
    const del = await ctx.request(`${PHOTOS}/photo/${photo.id}`, {
      method: "DELETE",
      headers: bearer(b.token),
    });
    expect(del.status).toBe(404);
    expect((await getJson(ctx, b, PHOTOS)).body).toEqual([]);
    expect((await getJson(ctx, b, `${PHOTOS}/dates`)).body).toEqual([]);
    expect((await getJson(ctx, b, `${PHOTOS}/2026-05-01`)).body).toEqual([]);

    // B's photo of the same day and angle is B's own: it neither replaces A's nor gets A's weight.
    const own = await uploadPhoto(ctx, b, "2026-05-01", "front", PNG);
    const ownRow = await own.json();
    expect(ownRow.id).not.toBe(photo.id);
    expect(ownRow.weight).toBeNull();
    expect(ownRow.file_path).toStartWith(`check-in/${b.id}/`);

    expect(storedPhotoFiles(ctx, a.id)).toEqual([photo.file_path.split("/")[2]!]);
    const mine = await ctx.request(`${PHOTOS}/file/${photo.id}`, { headers: bearer(a.token) });
    expect(new Uint8Array(await mine.arrayBuffer())).toEqual(JPEG);
    expect((await getJson(ctx, a, PHOTOS)).body).toEqual([
      { id: photo.id, entry_date: "2026-05-01", photo_type: "front", weight: 60 },
    ]);
  });
});
