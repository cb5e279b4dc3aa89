import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startImageServer, type ImageServer } from "../fakes/image-server.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { JPEG, PNG } from "../helpers/image-fixtures.ts";
import { bearer, createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call, createFood, logEntry, waitForFood, type Json } from "./helpers.ts";

let ctx: TestContext;
let images: ImageServer;
beforeAll(async () => {
  ctx = await createTestContext({ SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "localhost" });
  images = startImageServer();
}, SETUP_TIMEOUT);
afterAll(async () => {
  images.stop();
  await ctx.close();
});

const isLocal = (value: string | undefined) => value?.startsWith("/uploads/foods/") ?? false;
const fileOf = (path: string) => join(ctx.config.uploadsDir, path.slice("/uploads/".length));

/** A food whose remote image has been downloaded. */
async function foodWithLocalImage(user: TestUser, overrides: Record<string, unknown> = {}) {
  const food = await createFood(ctx, user, {
    image_url: `${images.origin}/front.png`,
    ...overrides,
  });
  return waitForFood(ctx, user, food.id, (f) => isLocal(f.images?.[0]));
}

describe("food image fields", () => {
  test("rule 1: create, search, barcode and details responses declare all three keys", async () => {
    const user = await ctx.createUser();
    const created = await createFood(ctx, user, {
      barcode: "11111111",
      image_url: "https://img.invalid/a.jpg",
    });
    const search = (await call(ctx, user, "GET", "/api/foods/foods-paginated")).body.foods[0];
    const barcode = (await call(ctx, user, "GET", "/api/foods/barcode/11111111")).body.food;
    const details = (await call(ctx, user, "GET", `/api/foods/${created.id}`)).body;
    const noImage = await createFood(ctx, user, { name: "Plain" });
    for (const food of [created, search, barcode, details, noImage]) {
      expect(Object.keys(food)).toEqual(
        expect.arrayContaining(["image_url", "image_source_url", "images"]),
      );
    }
    expect(details.image_url).toBe("https://img.invalid/a.jpg");
    expect(noImage).toMatchObject({ image_url: null, image_source_url: null, images: [] });
  });

  test("rule 2: the three keys are saved as one ordered array without repeats", async () => {
    const user = await ctx.createUser();
    const food = await createFood(ctx, user, {
      image_url: "https://img.invalid/small.jpg",
      image_source_url: "https://img.invalid/full.jpg",
      images: ["https://img.invalid/full.jpg", "https://img.invalid/back.jpg", " "],
    });
    expect(food.images).toEqual([
      "https://img.invalid/small.jpg",
      "https://img.invalid/full.jpg",
      "https://img.invalid/back.jpg",
    ]);
    expect(food.image_source_url).toBe("https://img.invalid/full.jpg");
  });

  test("rule 3: after create and update, remote images are stored under /uploads/foods/<id>/ and served", async () => {
    const user = await ctx.createUser();
    const food = await foodWithLocalImage(user);
    expect(food.images[0]).toStartWith(`/uploads/foods/${food.id}/`);
    expect(food.image_url).toBe(food.images[0]);
    const served = await ctx.request(food.images[0]);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    await call(ctx, user, "PUT", `/api/foods/${food.id}`, {
      images: [food.images[0], `${images.origin}/side/photo.jpg`],
    });
    const updated = await waitForFood(ctx, user, food.id, (f) => isLocal(f.images?.[1]));
    expect(updated.images[0]).toBe(food.images[0]);
    expect(updated.images[1]).toStartWith(`/uploads/foods/${food.id}/`);
    expect(new Uint8Array(await Bun.file(fileOf(updated.images[1])).arrayBuffer())).toEqual(JPEG);
  });

  test("rule 3: a failed or refused download keeps the remote URL and is not an error", async () => {
    const user = await ctx.createUser();
    const bad = [
      `${images.origin}/missing`,
      `${images.origin}/page.jpg`,
      `${images.origin}/huge.png`,
      `${images.origin}/to-private`,
      `${images.origin}/to-metadata`,
      `http://127.0.0.1:${new URL(images.origin).port}/direct.png`,
      "http://10.1.2.3/lan.png",
    ];
    const created = await call(ctx, user, "POST", "/api/foods", {
      name: "Refused",
      serving_size: 1,
      serving_unit: "g",
      images: bad,
    });
    expect(created.status).toBe(201);
    const food = await waitForFood(ctx, user, created.body.id, () => true);
    expect(food.images).toEqual(bad);
    expect(images.hits.get("/direct.png")).toBeUndefined();
  });

  test("rule 4: image keys pass through every payload shape that creates a food", async () => {
    const user = await ctx.createUser();
    const url = "https://img.invalid/p.jpg";
    const shapes = [
      { name: "Flat", serving_size: 1, serving_unit: "g", image_url: url },
      {
        name: "Default variant",
        default_variant: { serving_size: 1, serving_unit: "g" },
        images: [url],
      },
      {
        name: "Variants",
        variants: [{ serving_size: 1, serving_unit: "g" }],
        image_source_url: url,
      },
    ];
    for (const payload of shapes) {
      const { body } = await call(ctx, user, "POST", "/api/foods", payload);
      expect(body.images).toEqual([url]);
    }
  });

  test("rule 5: re-importing by barcode or provider id returns the existing row, back-filling only a missing photo", async () => {
    const user = await ctx.createUser();
    const first = await call(ctx, user, "POST", "/api/foods", {
      name: "Oats",
      barcode: "555",
      serving_size: 40,
      serving_unit: "g",
    });
    const again = await call(ctx, user, "POST", "/api/foods", {
      name: "Oats v2",
      barcode: "555",
      serving_size: 40,
      serving_unit: "g",
      image_url: "https://img.invalid/oats.jpg",
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      id: first.body.id,
      name: "Oats",
      images: ["https://img.invalid/oats.jpg"],
    });
    const third = await call(ctx, user, "POST", "/api/foods", {
      name: "Oats",
      barcode: "555",
      image_url: "https://img.invalid/other.jpg",
    });
    expect(third.body.images).toEqual(["https://img.invalid/oats.jpg"]);

    const byProvider = {
      name: "Rice",
      provider_type: "openfoodfacts",
      provider_external_id: "off-1",
      serving_size: 1,
      serving_unit: "g",
    };
    const rice = await call(ctx, user, "POST", "/api/foods", byProvider);
    const riceAgain = await call(ctx, user, "POST", "/api/foods", {
      ...byProvider,
      image_url: "https://img.invalid/rice.jpg",
    });
    expect(riceAgain.body.id).toBe(rice.body.id);
    expect(riceAgain.body.images).toEqual(["https://img.invalid/rice.jpg"]);
    expect(
      (await call(ctx, user, "GET", "/api/foods/foods-paginated?searchTerm=rice&sortBy=name:asc"))
        .body.totalCount,
    ).toBe(1);
  });

  test("rule 6: logging copies the food's images; later edits of the food leave the entry alone", async () => {
    const user = await ctx.createUser();
    const food = await foodWithLocalImage(user);
    const entry = await logEntry(ctx, user, { food_id: food.id, unit: "g" });
    expect(entry.images).toEqual(food.images);
    await call(ctx, user, "PUT", `/api/foods/${food.id}`, {
      images: ["https://img.invalid/new.jpg"],
    });
    const day = (await call(ctx, user, "GET", "/api/food-entries/by-date/2026-03-01")).body;
    expect(day[0].images).toEqual(food.images);
  });

  test("rule 7: a snapshot update refreshes inherited images and never a diary-set one", async () => {
    const user = await ctx.createUser();
    const food = await createFood(ctx, user, { image_url: "https://img.invalid/old.jpg" });
    const inherited = await logEntry(ctx, user, { food_id: food.id, unit: "g" });
    const chosen = await logEntry(ctx, user, { food_id: food.id, unit: "g" });
    const form = new FormData();
    form.set("image", new File([JPEG], "plate.jpg"));
    const upload = await ctx.request(`/api/food-entries/${chosen.id}/image`, {
      method: "POST",
      headers: bearer(user.token),
      body: form,
    });
    expect(upload.status).toBe(200);
    const chosenPath = (await upload.json()).images[0];
    expect(chosenPath).toStartWith("/uploads/food_entries/");

    await call(ctx, user, "PUT", `/api/foods/${food.id}`, {
      images: ["https://img.invalid/new.jpg"],
    });
    const refresh = await call(ctx, user, "POST", "/api/foods/update-snapshot", {
      foodId: food.id,
      syncImages: true,
    });
    expect(refresh.body.updatedCount).toBe(1);
    const day = (await call(ctx, user, "GET", "/api/food-entries/by-date/2026-03-01"))
      .body as Json[];
    expect(day.find((e) => e.id === inherited.id)!.images).toEqual(["https://img.invalid/new.jpg"]);
    expect(day.find((e) => e.id === chosen.id)!.images).toEqual([chosenPath]);

    const notImage = new FormData();
    notImage.set("image", new File([new TextEncoder().encode("<html>")], "x.jpg"));
    const refused = await ctx.request(`/api/food-entries/${chosen.id}/image`, {
      method: "POST",
      headers: bearer(user.token),
      body: notImage,
    });
    expect(refused.status).toBe(400);
    expect(
      (
        await ctx.request(`/api/food-entries/${chosen.id}/image`, {
          method: "DELETE",
          headers: bearer(user.token),
        })
      ).status,
    ).toBe(204);
    expect(existsSync(fileOf(chosenPath))).toBe(false);
  });

  test("rule 8: a dropped image's file is deleted only when nothing references it", async () => {
    const user = await ctx.createUser();
    const used = await foodWithLocalImage(user);
    await logEntry(ctx, user, { food_id: used.id, unit: "g" });
    await call(ctx, user, "PUT", `/api/foods/${used.id}`, { images: [] });
    expect(existsSync(fileOf(used.images[0]))).toBe(true);

    const unused = await foodWithLocalImage(user, { name: "Unused" });
    await call(ctx, user, "PUT", `/api/foods/${unused.id}`, { images: [] });
    expect(existsSync(fileOf(unused.images[0]))).toBe(false);
  });

  test("rule 8: an error while checking the references keeps the file", async () => {
    const user = await ctx.createUser();
    const food = await foodWithLocalImage(user);
    // The check reads logged meals; only the check does, so only the check fails.
    await ctx.db.owner`revoke select on food_entry_meals from fitness_app`;
    try {
      const dropped = await call(ctx, user, "PUT", `/api/foods/${food.id}`, { images: [] });
      expect(dropped.status).toBe(200);
    } finally {
      await ctx.db.owner`grant select on food_entry_meals to fitness_app`;
    }
    expect(existsSync(fileOf(food.images[0]))).toBe(true);
  });

  test("rule 9: deleting a used food hides it keeping rows and images; forceDelete removes it with its entries", async () => {
    const user = await ctx.createUser();
    const food = await foodWithLocalImage(user);
    await logEntry(ctx, user, { food_id: food.id, unit: "g" });
    const hidden = await call(ctx, user, "DELETE", `/api/foods/${food.id}`);
    expect(hidden.body.message).toContain("hidden");
    const kept = (await call(ctx, user, "GET", `/api/foods/${food.id}`)).body;
    expect(kept).toMatchObject({ is_quick_food: true, images: food.images });
    expect(existsSync(fileOf(food.images[0]))).toBe(true);
    expect((await call(ctx, user, "GET", "/api/foods/foods-paginated")).body.totalCount).toBe(0);
    expect(
      (await call(ctx, user, "GET", "/api/food-entries/by-date/2026-03-01")).body,
    ).toHaveLength(1);

    const gone = await call(ctx, user, "DELETE", `/api/foods/${food.id}?forceDelete=true`);
    expect(gone.body.message).toBe("Food deleted successfully.");
    expect((await call(ctx, user, "GET", `/api/foods/${food.id}`)).status).toBe(404);
    expect(
      (await call(ctx, user, "GET", "/api/food-entries/by-date/2026-03-01")).body,
    ).toHaveLength(0);
    expect(existsSync(fileOf(food.images[0]))).toBe(false);
  });
});
