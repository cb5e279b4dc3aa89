import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { GIF, HEIC, JPEG, PNG, TEXT, WEBP, largePng } from "../helpers/image-fixtures.ts";
import { getJson, PHOTOS, storedPhotoFiles, uploadPhoto } from "../helpers/photo-requests.ts";
import { bearer, createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";

let ctx: TestContext;
// Starting an embedded database can take longer than the default 5 s hook timeout.
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

async function readFile(user: TestUser, id: string) {
  const res = await ctx.request(`${PHOTOS}/file/${id}`, { headers: bearer(user.token) });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function expectNothingStored(user: TestUser, date: string) {
  expect(storedPhotoFiles(ctx, user.id)).toEqual([]);
  expect((await getJson(ctx, user, `${PHOTOS}/${date}`)).body).toEqual([]);
}

describe("photo upload", () => {
  const formats: [string, Uint8Array<ArrayBuffer>, string, string][] = [
    ["JPEG", JPEG, "image/jpeg", "jpg"],
    ["PNG", PNG, "image/png", "png"],
    ["GIF", GIF, "image/gif", "gif"],
    ["WebP", WEBP, "image/webp", "webp"],
  ];
  for (const [name, bytes, mime, ext] of formats) {
    test(`stores a ${name} under a server-made name and serves it back`, async () => {
      const a = await ctx.createUser();
      const res = await uploadPhoto(ctx, a, "2026-03-01", "front", bytes, "../../my photo.img");
      expect(res.status).toBe(200);
      const row = await res.json();
      expect(row).toMatchObject({ entry_date: "2026-03-01", photo_type: "front", weight: null });
      expect(row.file_path).toMatch(new RegExp(`^check-in/${a.id}/[0-9a-f-]{36}\\.${ext}$`));
      expect(storedPhotoFiles(ctx, a.id)).toEqual([row.file_path.split("/")[2]]);

      const { res: file, bytes: served } = await readFile(a, row.id);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe(mime);
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
      expect(served).toEqual(bytes);
    });
  }

  test("the bytes decide the type: a PNG named .jpg and sent as image/jpeg is a PNG", async () => {
    const a = await ctx.createUser();
    const res = await uploadPhoto(ctx, a, "2026-03-02", "side", PNG, "photo.jpg", "image/jpeg");
    expect(res.status).toBe(200);
    const row = await res.json();
    expect(row.file_path).toEndWith(".png");
    expect((await readFile(a, row.id)).res.headers.get("content-type")).toBe("image/png");
  });

  const rejected: [string, Uint8Array<ArrayBuffer>, string, string][] = [
    ["a HEIC photo", HEIC, "IMG_0001.heic", "image/heic"],
    ["a text file named .png", TEXT, "notes.png", "image/png"],
    ["an empty file", new Uint8Array(0), "empty.jpg", "image/jpeg"],
  ];
  for (const [name, bytes, fileName, type] of rejected) {
    test(`rejects ${name} with 400, storing no file and no row`, async () => {
      const a = await ctx.createUser();
      const res = await uploadPhoto(ctx, a, "2026-03-03", "back", bytes, fileName, type);
      expect(res.status).toBe(400);
      expect(typeof (await res.json()).error).toBe("string");
      await expectNothingStored(a, "2026-03-03");
    });
  }

  test("rejects a request without a file: no photo field, a text field, or no multipart", async () => {
    const a = await ctx.createUser();
    const other = new FormData();
    other.append("image", new File([JPEG], "a.jpg", { type: "image/jpeg" }));
    const text = new FormData();
    text.append("photo", "not a file");
    const bodies: [BodyInit, Record<string, string>][] = [
      [other, {}],
      [text, {}],
      [JSON.stringify({ photo: "x" }), { "Content-Type": "application/json" }],
      ["", {}],
    ];
    for (const [body, headers] of bodies) {
      const res = await ctx.request(`${PHOTOS}/2026-03-04/front`, {
        method: "POST",
        headers: bearer(a.token, headers),
        body,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toContain("photo");
    }
    await expectNothingStored(a, "2026-03-04");
  });

  test("an 11 MB upload is refused with 413 {error}, storing nothing", async () => {
    const a = await ctx.createUser();
    const res = await uploadPhoto(ctx, a, "2026-03-05", "front", largePng(11 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect(typeof (await res.json()).error).toBe("string");
    await expectNothingStored(a, "2026-03-05");
  });

  test("a bad angle or day is a 400 naming it", async () => {
    const a = await ctx.createUser();
    const angle = await uploadPhoto(ctx, a, "2026-03-06", "top", JPEG);
    expect(angle.status).toBe(400);
    expect((await angle.json()).error).toContain("type");
    const day = await uploadPhoto(ctx, a, "2026-02-29", "front", JPEG);
    expect(day.status).toBe(400);
    expect((await day.json()).error).toContain("date");
    await expectNothingStored(a, "2026-03-06");
  });
});

describe("photo replacement and deletion", () => {
  test("a second upload of the same day and angle replaces the photo and removes the old file", async () => {
    const a = await ctx.createUser();
    const first = await (await uploadPhoto(ctx, a, "2026-03-10", "front", JPEG)).json();
    const kept = await (await uploadPhoto(ctx, a, "2026-03-10", "back", GIF)).json();
    const res = await uploadPhoto(ctx, a, "2026-03-10", "front", WEBP);
    expect(res.status).toBe(200);
    const second = await res.json();
    expect(second.id).toBe(first.id);
    expect(second.file_path).not.toBe(first.file_path);

    const names = (row: { file_path: string }) => row.file_path.split("/")[2]!;
    expect(storedPhotoFiles(ctx, a.id)).toEqual([names(kept), names(second)].sort());
    const { res: file, bytes } = await readFile(a, first.id);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(bytes).toEqual(WEBP);
    const day = (await getJson(ctx, a, `${PHOTOS}/2026-03-10`)).body;
    expect(day.map((p: { photo_type: string }) => p.photo_type)).toEqual(["back", "front"]);
  });

  test("a failed database write leaves no new file and the previous photo intact", async () => {
    const a = await ctx.createUser();
    const previous = await (await uploadPhoto(ctx, a, "2030-01-01", "front", JPEG)).json();
    await ctx.db.owner.unsafe(`
      create function fail_photo_write() returns trigger language plpgsql
        as $$ begin raise exception 'simulated database failure'; end $$;
      create trigger fail_photo_write before insert or update on check_in_photos
        for each row when (new.entry_date = '2030-01-01') execute function fail_photo_write();`);
    try {
      expect((await uploadPhoto(ctx, a, "2030-01-01", "front", PNG)).status).toBe(500);
      expect((await uploadPhoto(ctx, a, "2030-01-01", "side", PNG)).status).toBe(500);
    } finally {
      await ctx.db.owner.unsafe(`drop trigger fail_photo_write on check_in_photos;
        drop function fail_photo_write();`);
    }
    expect(storedPhotoFiles(ctx, a.id)).toEqual([previous.file_path.split("/")[2]]);
    const day = (await getJson(ctx, a, `${PHOTOS}/2030-01-01`)).body;
    expect(day).toEqual([previous]);
    expect((await readFile(a, previous.id)).bytes).toEqual(JPEG);
  });

  test("DELETE answers 204 and removes row and file; then the photo is not found", async () => {
    const a = await ctx.createUser();
    const row = await (await uploadPhoto(ctx, a, "2026-03-11", "side", PNG)).json();
    const del = () =>
      ctx.request(`${PHOTOS}/photo/${row.id}`, { method: "DELETE", headers: bearer(a.token) });
    const res = await del();
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(storedPhotoFiles(ctx, a.id)).toEqual([]);
    expect((await readFile(a, row.id)).res.status).toBe(404);
    expect((await del()).status).toBe(404);
    const malformed = await ctx.request(`${PHOTOS}/photo/not-a-uuid`, {
      method: "DELETE",
      headers: bearer(a.token),
    });
    expect(malformed.status).toBe(404);
    expect(
      (await ctx.request(`${PHOTOS}/file/not-a-uuid`, { headers: bearer(a.token) })).status,
    ).toBe(404);
  });

  test("every photo route answers 401 without a session", async () => {
    const id = crypto.randomUUID();
    const calls: [string, string][] = [
      ["GET", PHOTOS],
      ["GET", `${PHOTOS}/dates`],
      ["GET", `${PHOTOS}/2026-03-01`],
      ["GET", `${PHOTOS}/file/${id}`],
      ["POST", `${PHOTOS}/2026-03-01/front`],
      ["DELETE", `${PHOTOS}/photo/${id}`],
    ];
    for (const [method, path] of calls) {
      const res = await ctx.request(path, { method });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
    }
  });
});
