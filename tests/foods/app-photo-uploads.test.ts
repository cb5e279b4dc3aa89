import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { GIF, JPEG, PNG } from "../helpers/image-fixtures.ts";
import { bearer, createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call, createFood, foodPayload, logEntry } from "./helpers.ts";

// The phone app's photo uploads, as SparkyFitnessMobile's imageUploadClient.ts builds them:
// the order (kept paths and __new__<n> placeholders) as a text field first, then each file
// as a part named `images`; for foods and meals the order rides inside foodData / mealData.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const fileOf = (path: string) => join(ctx.config.uploadsDir, path.slice("/uploads/".length));

function appForm(order: string[], files: Uint8Array<ArrayBuffer>[], wrapper?: [string, object]) {
  const form = new FormData();
  if (wrapper) form.append(wrapper[0], JSON.stringify({ ...wrapper[1], images: order }));
  else form.append("images", JSON.stringify(order));
  files.forEach((bytes, i) => form.append("images", new File([bytes], `photo${i}.jpg`)));
  return form;
}

const send = (user: TestUser, method: string, path: string, body: FormData) =>
  ctx.request(path, { method, headers: bearer(user.token), body });

async function loggedMeal(user: TestUser) {
  const food = await createFood(ctx, user);
  const meal = await call(ctx, user, "POST", "/api/meals", {
    name: "Bowl",
    foods: [{ food_id: food.id, quantity: 40, unit: "g" }],
  });
  const logged = await call(ctx, user, "POST", "/api/food-entry-meals", {
    meal_template_id: meal.body.id,
    meal_type: "lunch",
    entry_date: "2026-03-01",
  });
  expect(logged.status).toBe(201);
  return logged.body.id as string;
}

describe("photos of food entries and logged meals, as the phone app sends them", () => {
  for (const [base, make] of [
    [
      "/api/food-entries",
      async (u: TestUser) =>
        (await logEntry(ctx, u, { food_id: (await createFood(ctx, u)).id })).id,
    ],
    ["/api/food-entry-meals", loggedMeal],
  ] as const) {
    test(`${base}: attach two, then reorder, add one and remove one in one request`, async () => {
      const user = await ctx.createUser();
      const id = await make(user);
      const first = await send(
        user,
        "POST",
        `${base}/${id}/image`,
        appForm(["__new__1", "__new__0"], [JPEG, PNG]),
      );
      expect(first.status).toBe(200);
      const [png, jpeg] = (await first.json()).images as string[];
      expect(png).toEndWith(".png");
      expect(jpeg).toEndWith(".jpg");

      const second = await send(
        user,
        "POST",
        `${base}/${id}/image`,
        appForm(["__new__0", png!], [GIF]),
      );
      expect(second.status).toBe(200);
      const images = (await second.json()).images as string[];
      expect(images).toHaveLength(2);
      expect(images[0]).toEndWith(".gif");
      expect(images[1]).toBe(png!);
      expect(existsSync(fileOf(jpeg!))).toBe(false); // removed from the list: its file too
      expect(existsSync(fileOf(images[0]!))).toBe(true);

      // A path that is not this row's is refused, and nothing changes.
      const foreign = await send(
        user,
        "POST",
        `${base}/${id}/image`,
        appForm(["/uploads/foods/someone-else/x.jpg", "__new__0"], [JPEG]),
      );
      expect(foreign.status).toBe(400);
      const missing = await send(
        user,
        "POST",
        `${base}/${id}/image`,
        appForm(["__new__2"], [JPEG]),
      );
      expect(missing.status).toBe(400);
      expect((await missing.json()).error).toBe("__new__2 names no uploaded file.");
      const bad = new FormData();
      bad.append("images", "not json");
      expect((await send(user, "POST", `${base}/${id}/image`, bad)).status).toBe(400);

      // The order alone removes the rest.
      const removeAll = await send(user, "POST", `${base}/${id}/image`, appForm([], []));
      expect((await removeAll.json()).images).toEqual([]);
      expect(existsSync(fileOf(png!))).toBe(false);
    });
  }

  test("the old single `image` field still replaces the row's image", async () => {
    const user = await ctx.createUser();
    const entry = await logEntry(ctx, user, { food_id: (await createFood(ctx, user)).id });
    const form = new FormData();
    form.set("image", new File([JPEG], "plate.jpg"));
    const res = await send(user, "POST", `/api/food-entries/${entry.id}/image`, form);
    expect(res.status).toBe(200);
    const images = (await res.json()).images as string[];
    expect(images).toHaveLength(1);
    expect(images[0]).toStartWith("/uploads/food_entries/");
  });
});

describe("photos of foods and meals, inside the wrapper field", () => {
  test("a food made with two photos, then edited to keep one and add another", async () => {
    const user = await ctx.createUser();
    const created = await send(
      user,
      "POST",
      "/api/foods",
      appForm(
        ["__new__0", "__new__1"],
        [JPEG, PNG],
        ["foodData", foodPayload({ name: "Snapped" })],
      ),
    );
    expect(created.status).toBe(201);
    const food = await created.json();
    expect(food.name).toBe("Snapped");
    expect(food.images).toHaveLength(2);
    expect(food.images[0]).toStartWith("/uploads/foods/");
    expect(food.image_url).toBe(food.images[0]);
    const fetched = await ctx.request(food.images[1], { headers: bearer(user.token) });
    expect(fetched.status).toBe(200);

    const updated = await send(
      user,
      "PUT",
      `/api/foods/${food.id}`,
      appForm([food.images[1], "__new__0"], [GIF], ["foodData", { name: "Snapped twice" }]),
    );
    expect(updated.status).toBe(200);
    const after = await updated.json();
    expect(after.name).toBe("Snapped twice");
    expect(after.images[0]).toBe(food.images[1]);
    expect(after.images[1]).toEndWith(".gif");
  });

  test("a meal made with a photo; a refused meal leaves no file behind", async () => {
    const user = await ctx.createUser();
    const food = await createFood(ctx, user);
    const meal = {
      name: "Photo bowl",
      foods: [{ food_id: food.id, quantity: 40, unit: "g" }],
    };
    const created = await send(
      user,
      "POST",
      "/api/meals",
      appForm(["__new__0"], [PNG], ["mealData", meal]),
    );
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.images).toHaveLength(1);
    expect(existsSync(fileOf(body.images[0]))).toBe(true);
    const changed = await send(
      user,
      "PUT",
      `/api/meals/${body.id}`,
      appForm(["__new__0", body.images[0]], [JPEG], ["mealData", {}]),
    );
    expect(changed.status).toBe(200);
    expect((await changed.json()).images[1]).toBe(body.images[0]);

    const before = new Set(
      await Array.fromAsync(new Bun.Glob("foods/**").scan(ctx.config.uploadsDir)),
    );
    const refused = await send(
      user,
      "POST",
      "/api/meals",
      appForm(["__new__0"], [JPEG], ["mealData", { foods: [] }]),
    );
    expect(refused.status).toBe(400);
    const afterFiles = await Array.fromAsync(new Bun.Glob("foods/**").scan(ctx.config.uploadsDir));
    expect(afterFiles.filter((f) => !before.has(f))).toEqual([]);
    const noWrapper = new FormData();
    noWrapper.append("images", new File([JPEG], "x.jpg"));
    const unwrapped = await send(user, "POST", "/api/meals", noWrapper);
    expect(unwrapped.status).toBe(400);
    expect((await unwrapped.json()).error).toBe("Send the mealData field as a JSON object.");
  });

  test("plain JSON still works", async () => {
    const user = await ctx.createUser();
    const food = await createFood(ctx, user, { images: ["https://img.invalid/a.jpg"] });
    expect(food.images).toEqual(["https://img.invalid/a.jpg"]);
  });
});
