import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FoodProviderFakes } from "../fakes/food-providers.ts";
import { actingFor, grant } from "../family/family-helpers.ts";
import { makeAdmin, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import type { TestContext } from "../helpers/test-app.ts";
import { addProvider, call, createProviderContext, providerSettings } from "./helpers.ts";

let ctx: TestContext;
let fakes: FoodProviderFakes;
beforeAll(async () => {
  ({ ctx, fakes } = await createProviderContext((f) => ({
    SERVICE_FITNESS_DEMO_MODE: "true",
    SERVICE_FITNESS_OPEN_FOOD_FACTS_DEFAULT: "true",
    SERVICE_FITNESS_OPEN_FOOD_FACTS_URL: f.openfoodfacts.origin,
  })));
}, SETUP_TIMEOUT);
afterAll(async () => {
  fakes.stopAll();
  await ctx.close();
});

describe("provider settings", () => {
  test("created with credentials sealed at rest and never shown", async () => {
    const user = await ctx.createUser();
    const res = await call(
      ctx,
      user,
      "POST",
      "/api/external-providers",
      providerSettings(fakes, "usda"),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      provider_type: "usda",
      is_active: true,
      supports_barcode: true,
      categories: ["food"],
      has_app_key: true,
      has_app_id: false,
      editable: true,
    });
    expect(JSON.stringify(res.body)).not.toContain("usda-key");
    const [row] = await ctx.db
      .owner`select credentials_sealed from external_providers where id = ${res.body.id}`;
    expect(Buffer.from(row!.credentials_sealed).toString("latin1")).not.toContain("usda-key");
  });

  test("missing credentials a type needs are refused", async () => {
    const user = await ctx.createUser();
    const res = await call(ctx, user, "POST", "/api/external-providers", {
      provider_name: "u",
      provider_type: "usda",
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: "USDA FoodData Central needs app_key." },
    });
    const bad = await call(ctx, user, "POST", "/api/external-providers", {
      provider_name: "x",
      provider_type: "nope",
    });
    expect(bad.status).toBe(400);
  });

  test("update keeps credentials left out, clears them with null; delete", async () => {
    const user = await ctx.createUser();
    const id = await addProvider(ctx, user, fakes, "usda");
    const renamed = await call(ctx, user, "PUT", `/api/external-providers/${id}`, {
      provider_name: "FDC",
      sort_order: 3,
    });
    expect(renamed.body).toMatchObject({ provider_name: "FDC", sort_order: 3, has_app_key: true });
    const search = await call(ctx, user, "GET", "/api/v2/foods/search/usda?query=apple");
    expect(search.status).toBe(200);
    const cleared = await call(ctx, user, "PUT", `/api/external-providers/${id}`, {
      app_key: null,
    });
    expect(cleared).toMatchObject({
      status: 400,
      body: { error: "USDA FoodData Central needs app_key." },
    });
    const off = await call(ctx, user, "PUT", `/api/external-providers/${id}`, { is_active: false });
    expect(off.body.is_active).toBe(false);
    expect((await call(ctx, user, "GET", "/api/v2/foods/search/usda?query=apple")).status).toBe(
      404,
    );
    expect((await call(ctx, user, "DELETE", `/api/external-providers/${id}`)).status).toBe(200);
    expect((await call(ctx, user, "DELETE", `/api/external-providers/${id}`)).status).toBe(404);
    expect((await call(ctx, user, "PUT", `/api/external-providers/not-a-uuid`, {})).status).toBe(
      404,
    );
  });

  test("types list what each provider needs", async () => {
    const user = await ctx.createUser();
    const res = await call(ctx, user, "GET", "/api/external-providers/types");
    expect(res.body).toContainEqual(
      expect.objectContaining({
        provider_type: "mealie",
        needs_base_url: true,
        images: "yes",
        supports_barcode: false,
      }),
    );
    expect(res.body).toContainEqual(
      expect.objectContaining({ provider_type: "fatsecret", images: "conditional" }),
    );
  });
});

describe("the built-in Open Food Facts (SERVICE_FITNESS_OPEN_FOOD_FACTS_DEFAULT)", () => {
  test("listed and usable without configuration, replaced by the user's own", async () => {
    const user = await ctx.createUser();
    const list = await call(ctx, user, "GET", "/api/external-providers");
    // Besides the databases every account starts with (default-providers.test.ts).
    expect(
      list.body.filter((p: { categories: string[] }) => p.categories.includes("food")),
    ).toEqual([
      expect.objectContaining({ provider_type: "swissfood", editable: true }),
      expect.objectContaining({ id: "openfoodfacts-default", editable: false }),
    ]);
    const found = await call(ctx, user, "GET", "/api/v2/foods/barcode/3017620422003");
    expect(found.body).toMatchObject({ source: "openfoodfacts", food: { name: "Nutella" } });
    const byId = await call(
      ctx,
      user,
      "GET",
      "/api/v2/foods/details/openfoodfacts/3017620422003?providerId=openfoodfacts-default",
    );
    expect(byId.status).toBe(200);
    await addProvider(ctx, user, fakes, "openfoodfacts");
    const after = await call(ctx, user, "GET", "/api/external-providers");
    expect(after.body.map((p: { id: string }) => p.id)).not.toContain("openfoodfacts-default");
  });
});

describe("who may configure", () => {
  test("the demo account gets 403", async () => {
    const demo = await ctx.createUser();
    await ctx.db.owner`update users set is_demo = true where id = ${demo.id}`;
    const res = await call(
      ctx,
      demo,
      "POST",
      "/api/external-providers",
      providerSettings(fakes, "usda"),
    );
    expect(res).toMatchObject({
      status: 403,
      body: { error: "This action is not available in the demo account." },
    });
  });

  test("only an administrator shares a provider with every user", async () => {
    const user = await ctx.createUser();
    const refused = await call(ctx, user, "POST", "/api/external-providers", {
      ...providerSettings(fakes, "usda"),
      shared: true,
    });
    expect(refused.status).toBe(403);
    const admin = await ctx.createUser();
    await makeAdmin(ctx, admin.id);
    const sharedId = await addProvider(ctx, admin, fakes, "usda", {
      shared: true,
      provider_name: "Server USDA",
    });
    const other = await ctx.createUser();
    const list = await call(ctx, other, "GET", "/api/external-providers");
    expect(list.body).toContainEqual(
      expect.objectContaining({ id: sharedId, shared: true, editable: false, has_app_key: true }),
    );
    const search = await call(ctx, other, "GET", "/api/v2/foods/search/usda?query=apple");
    expect(search.status).toBe(200);
    expect(
      (await call(ctx, other, "PUT", `/api/external-providers/${sharedId}`, { is_active: false }))
        .status,
    ).toBe(404);
    await call(ctx, admin, "DELETE", `/api/external-providers/${sharedId}`);
  });
});

describe("share_external_providers", () => {
  test("a delegate uses the owner's non-private providers, never configures them", async () => {
    const owner = await ctx.createUser();
    const delegate = await ctx.createUser();
    const stranger = await ctx.createUser();
    const usdaId = await addProvider(ctx, owner, fakes, "usda");
    const nixId = await addProvider(ctx, owner, fakes, "nutritionix", { is_private: true });
    await grant(ctx, owner, delegate, { share_external_providers: true });
    await grant(ctx, owner, stranger, { can_view_reports: true });

    const list = await actingFor(ctx, delegate, owner, "/api/external-providers");
    const ids = ((await list.json()) as { id: string }[]).map((p) => p.id);
    expect(ids).toContain(usdaId);
    expect(ids).not.toContain(nixId);
    const usda = await actingFor(ctx, delegate, owner, "/api/v2/foods/search/usda?query=apple");
    expect(usda.status).toBe(200);
    const nix = await actingFor(
      ctx,
      delegate,
      owner,
      "/api/v2/foods/search/nutritionix?query=apple",
    );
    expect(nix.status).toBe(404);
    const change = await actingFor(ctx, delegate, owner, `/api/external-providers/${usdaId}`, {
      method: "DELETE",
    });
    expect(change.status).toBe(403);
    const refused = await actingFor(ctx, stranger, owner, "/api/v2/foods/search/usda?query=apple");
    expect(refused.status).toBe(403);
  });
});
