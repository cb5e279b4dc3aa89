import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import type { FoodProviderFakes } from "../fakes/food-providers.ts";
import { actingFor, grant } from "../family/family-helpers.ts";
import { waitForFood } from "../foods/helpers.ts";
import { makeAdmin, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import type { TestContext, TestUser } from "../helpers/test-app.ts";
import { addProvider, call, createProviderContext, type Json } from "./helpers.ts";

let ctx: TestContext;
let fakes: FoodProviderFakes;
let admin: TestUser;
beforeAll(async () => {
  ({ ctx, fakes } = await createProviderContext((f) => ({
    SERVICE_FITNESS_OPEN_FOOD_FACTS_URL: f.openfoodfacts.origin,
  })));
  admin = await ctx.createUser();
  await makeAdmin(ctx, admin.id);
}, SETUP_TIMEOUT);
afterAll(async () => {
  fakes.stopAll();
  await ctx.close();
});
beforeEach(() => {
  fakes.openfoodfacts.state.productWrite = "ok";
  fakes.openfoodfacts.state.photoUpload = "ok";
});

const path = (food: Json, rest = "") => `/api/foods/${food.id}/off-contribution${rest}`;
const setEnabled = (enabled: boolean) =>
  call(ctx, admin, "PUT", "/api/admin/off-contributions", { enabled });

/** A food with a barcode whose two photos have been downloaded into /uploads/foods/. */
async function foodWithPhoto(
  user: TestUser,
  barcode = `${Date.now()}${Math.floor(Math.random() * 1000)}`,
) {
  const created = await call(ctx, user, "POST", "/api/foods", {
    name: "Seed bar",
    brand: "Crunchy",
    barcode,
    serving_size: 40,
    serving_unit: "g",
    calories: 180,
    protein: 5,
    carbs: 20,
    fat: 8,
    sodium: 120,
    images: [
      `${fakes.openfoodfacts.origin}/photos/bar.jpg`,
      `${fakes.openfoodfacts.origin}/photos/back.jpg`,
    ],
  });
  const local = (f: Json) =>
    f.images?.length === 2 && f.images.every((p: string) => p.startsWith("/uploads/foods/"));
  return waitForFood(ctx, user, created.body.id, local);
}

/** A food with a confirmed, valid preview. */
async function readyToPublish(user: TestUser) {
  const food = await foodWithPhoto(user);
  await call(ctx, user, "PUT", path(food), {
    photo: food.images[0],
    photo_type: "front",
    language: "en",
  });
  await call(ctx, user, "POST", path(food, "/preview"));
  const confirmed = await call(ctx, user, "PUT", path(food, "/confirmations"), {
    data_accuracy: true,
    photo_rights: true,
  });
  expect(confirmed.body).toMatchObject({ state: "previewed", confirmed_accuracy: true });
  return food;
}

describe("off until an administrator enables it", () => {
  test("disabled: every contribution route answers 403; only admins switch it", async () => {
    const user = await ctx.createUser();
    const food = await foodWithPhoto(user);
    const res = await call(ctx, user, "PUT", path(food), {
      photo: food.images[0],
      photo_type: "front",
      language: "en",
    });
    expect(res).toMatchObject({
      status: 403,
      body: { error: "Contributing to Open Food Facts is not enabled on this server." },
    });
    expect(
      (await call(ctx, user, "PUT", "/api/admin/off-contributions", { enabled: true })).status,
    ).toBe(403);
    expect((await call(ctx, admin, "GET", "/api/admin/off-contributions")).body).toEqual({
      enabled: false,
    });
    expect((await setEnabled(true)).body).toEqual({ enabled: true });
  });
});

describe("draft, preview and confirmations", () => {
  beforeAll(() => setEnabled(true));

  test("draft: the photo must be one of the food's stored images; a barcode is needed", async () => {
    const user = await ctx.createUser();
    const food = await foodWithPhoto(user);
    const bad = await call(ctx, user, "PUT", path(food), {
      photo: "/uploads/foods/x.jpg",
      photo_type: "front",
      language: "en",
    });
    expect(bad.status).toBe(400);
    const noCode = await call(ctx, user, "POST", "/api/foods", {
      name: "n",
      serving_size: 1,
      serving_unit: "g",
    });
    const refused = await call(ctx, user, "PUT", path(noCode.body), {
      photo: "/uploads/foods/x.jpg",
      photo_type: "front",
      language: "en",
    });
    expect(refused.body.error).toBe("The food needs a barcode to be contributed.");
    const draft = await call(ctx, user, "PUT", path(food), {
      photo: food.images[0],
      photo_type: "front",
      language: "en",
    });
    expect(draft.body).toMatchObject({
      state: "draft",
      preview: null,
      confirmed_accuracy: false,
      confirmed_photo_rights: false,
    });
  });

  test("draft → confirm or publish before a preview is refused", async () => {
    const user = await ctx.createUser();
    const food = await foodWithPhoto(user);
    await call(ctx, user, "PUT", path(food), {
      photo: food.images[0],
      photo_type: "front",
      language: "en",
    });
    const confirm = await call(ctx, user, "PUT", path(food, "/confirmations"), {
      data_accuracy: true,
      photo_rights: true,
    });
    expect(confirm).toMatchObject({
      status: 409,
      body: { error: "Preview the contribution first." },
    });
    expect((await call(ctx, user, "POST", path(food, "/publish"))).status).toBe(409);
  });

  test("draft → previewed: what will be sent, valid ten minutes, both unchecked", async () => {
    const user = await ctx.createUser();
    const food = await foodWithPhoto(user);
    await call(ctx, user, "PUT", path(food), {
      photo: food.images[0],
      photo_type: "nutrition",
      language: "fr",
    });
    const res = await call(ctx, user, "POST", path(food, "/preview"));
    expect(res.body).toMatchObject({
      state: "previewed",
      confirmed_accuracy: false,
      confirmed_photo_rights: false,
    });
    expect(res.body.preview).toMatchObject({
      code: food.barcode,
      product_name_fr: "Seed bar",
      brands: "Crunchy",
      "nutriment_energy-kcal": "180",
      nutriment_sodium: "0.12",
      imagefield: "nutrition_fr",
    });
    const minutes = (Date.parse(res.body.preview_expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  test("previewed: publishing needs both confirmations", async () => {
    const user = await ctx.createUser();
    const food = await readyToPublish(user);
    await call(ctx, user, "PUT", path(food, "/confirmations"), {
      data_accuracy: true,
      photo_rights: false,
    });
    const res = await call(ctx, user, "POST", path(food, "/publish"));
    expect(res).toMatchObject({
      status: 400,
      body: { error: "Confirm the data accuracy and your rights to the photo first." },
    });
  });

  test("previewed → draft: changing the photo, its type or the language clears the preview and both confirmations", async () => {
    const user = await ctx.createUser();
    const food = await readyToPublish(user);
    const same = await call(ctx, user, "PUT", path(food), {
      photo: food.images[0],
      photo_type: "front",
      language: "en",
    });
    expect(same.body).toMatchObject({ state: "previewed", confirmed_accuracy: true });
    for (const change of [
      { photo_type: "ingredients", language: "en" },
      { photo_type: "ingredients", language: "de" },
    ]) {
      await call(ctx, user, "POST", path(food, "/preview"));
      await call(ctx, user, "PUT", path(food, "/confirmations"), {
        data_accuracy: true,
        photo_rights: true,
      });
      const res = await call(ctx, user, "PUT", path(food), { photo: food.images[0], ...change });
      expect(res.body).toMatchObject({
        state: "draft",
        preview: null,
        preview_expires_at: null,
        confirmed_accuracy: false,
        confirmed_photo_rights: false,
      });
    }
  });

  test("previewed → previewed: a new preview unchecks both confirmations", async () => {
    const user = await ctx.createUser();
    const food = await readyToPublish(user);
    const again = await call(ctx, user, "POST", path(food, "/preview"));
    expect(again.body).toMatchObject({
      state: "previewed",
      confirmed_accuracy: false,
      confirmed_photo_rights: false,
    });
  });

  test("an expired preview can neither be confirmed nor published", async () => {
    const user = await ctx.createUser();
    const food = await readyToPublish(user);
    await ctx.db
      .owner`update off_contributions set preview_expires_at = now() - interval '1 second' where food_id = ${food.id}`;
    const expired = "The preview has expired; preview the contribution again.";
    expect((await call(ctx, user, "POST", path(food, "/publish"))).body.error).toBe(expired);
    expect(
      (
        await call(ctx, user, "PUT", path(food, "/confirmations"), {
          data_accuracy: true,
          photo_rights: true,
        })
      ).body.error,
    ).toBe(expired);
    expect(
      fakes.openfoodfacts.state.uploads.filter((f) => f.get("code") === food.barcode),
    ).toHaveLength(0);
  });
});

describe("publishing", () => {
  beforeAll(() => setEnabled(true));

  test("previewed → published: the photo, then the product data, once", async () => {
    const user = await ctx.createUser();
    const food = await readyToPublish(user);
    const res = await call(ctx, user, "POST", path(food, "/publish"));
    expect(res.body).toMatchObject({
      state: "published",
      result_message: "The photo and the product data were published.",
    });
    const upload = fakes.openfoodfacts.state.uploads.find((f) => f.get("code") === food.barcode)!;
    expect(upload.get("imagefield")).toBe("front_en");
    expect(upload.get("imgupload_front_en")).toBeInstanceOf(File);
    const write = fakes.openfoodfacts.state.writes.find((f) => f.get("code") === food.barcode)!;
    expect(write.get("product_name_en")).toBe("Seed bar");
    // Published is final: no change, no second publish.
    expect(
      (
        await call(ctx, user, "PUT", path(food), {
          photo: food.images[0],
          photo_type: "back",
          language: "en",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(ctx, user, "PUT", path(food), {
          photo: food.images[0],
          photo_type: "packaging",
          language: "en",
        })
      ).status,
    ).toBe(409);
    expect((await call(ctx, user, "POST", path(food, "/publish"))).status).toBe(409);
  });

  test("previewed → uncertain when the product data is not confirmed; never retried", async () => {
    for (const mode of ["error", "slow"] as const) {
      fakes.openfoodfacts.state.productWrite = mode;
      const user = await ctx.createUser();
      const food = await readyToPublish(user);
      const res = await call(ctx, user, "POST", path(food, "/publish"));
      expect(res.body).toMatchObject({
        state: "uncertain",
        result_message: "The photo was published but the product data could not be confirmed.",
      });
      await Bun.sleep(300);
      const writes = fakes.openfoodfacts.state.writes.filter((f) => f.get("code") === food.barcode);
      expect(writes).toHaveLength(1);
      expect((await call(ctx, user, "POST", path(food, "/publish"))).status).toBe(409);
      expect((await call(ctx, user, "POST", path(food, "/preview"))).status).toBe(409);
    }
  });

  test("previewed → failed when the photo is refused; a new preview may follow", async () => {
    fakes.openfoodfacts.state.photoUpload = "error";
    const user = await ctx.createUser();
    const food = await readyToPublish(user);
    const res = await call(ctx, user, "POST", path(food, "/publish"));
    expect(res.body.state).toBe("failed");
    expect(
      fakes.openfoodfacts.state.writes.filter((f) => f.get("code") === food.barcode),
    ).toHaveLength(0);
    const again = await call(ctx, user, "POST", path(food, "/preview"));
    expect(again.body).toMatchObject({ state: "previewed", confirmed_accuracy: false });
  });

  test("credentialed publishing over plain http is refused", async () => {
    const user = await ctx.createUser();
    await addProvider(ctx, user, fakes, "openfoodfacts", {
      app_id: "off-user",
      app_key: "off-pass",
    });
    const food = await readyToPublish(user);
    const res = await call(ctx, user, "POST", path(food, "/publish"));
    expect(res).toMatchObject({
      status: 400,
      body: { error: "Publishing with Open Food Facts credentials requires HTTPS." },
    });
    expect((await call(ctx, user, "GET", path(food))).body.state).toBe("previewed");
  });

  test("one product at a time", async () => {
    const user = await ctx.createUser();
    const first = await readyToPublish(user);
    const second = await readyToPublish(user);
    await ctx.db
      .owner`update off_contributions set state = 'publishing' where food_id = ${first.id}`;
    const res = await call(ctx, user, "POST", path(second, "/publish"));
    expect(res).toMatchObject({
      status: 409,
      body: { error: "Another contribution is being published; one product at a time." },
    });
  });

  test("a family delegate cannot contribute another person's food", async () => {
    const owner = await ctx.createUser();
    const delegate = await ctx.createUser();
    await grant(ctx, owner, delegate, { can_manage_diary: true, share_external_providers: true });
    const food = await readyToPublish(owner);
    const res = await actingFor(ctx, delegate, owner, path(food, "/publish"), { method: "POST" });
    expect(res.status).toBe(403);
    const read = await actingFor(ctx, delegate, owner, path(food));
    expect(read.status).toBe(403);
  });
});
