import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FoodProviderFakes } from "../fakes/food-providers.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import type { TestContext, TestUser } from "../helpers/test-app.ts";
import { addProvider, call, createProviderContext } from "./helpers.ts";

let ctx: TestContext;
let fakes: FoodProviderFakes;
beforeAll(async () => {
  ({ ctx, fakes } = await createProviderContext());
}, SETUP_TIMEOUT);
afterAll(async () => {
  fakes.stopAll();
  await ctx.close();
});

/** A user with a FatSecret provider of its own client id (one credential per test). */
async function fatSecretUser(options: Record<string, unknown> = {}): Promise<TestUser> {
  const user = await ctx.createUser();
  const origin = fakes.fatsecret.origin;
  await addProvider(ctx, user, fakes, "fatsecret", {
    app_id: `client-${crypto.randomUUID()}`,
    options: { token_url: `${origin}/connect/token`, images_addon: true, ...options },
  });
  return user;
}
const banana = (user: TestUser) => call(ctx, user, "GET", "/api/v2/foods/details/fatsecret/33691");
const scopesAsked = (from: number) => fakes.fatsecret.state.tokenScopes.slice(from);
const lastFoodCall = () =>
  fakes.fatsecret.requests.filter((u) => u.pathname === "/rest/food/v4").at(-1)!;

describe("FatSecret scopes", () => {
  test("premier is tried first; on refusal basic is used and the failure cached an hour", async () => {
    fakes.fatsecret.state.premierAllowed = false;
    const user = await fatSecretUser();
    const before = fakes.fatsecret.state.tokenScopes.length;
    expect((await banana(user)).status).toBe(200);
    expect(scopesAsked(before)).toEqual(["premier", "basic"]);
    const [cached] = await ctx.db.owner`select failed_at from provider_scope_failures`;
    expect(cached).toBeDefined();

    // The token is revoked: the new one goes straight to basic while the failure is fresh.
    fakes.fatsecret.state.revokeOnce = true;
    expect((await banana(user)).status).toBe(502);
    const mid = fakes.fatsecret.state.tokenScopes.length;
    expect((await banana(user)).status).toBe(200);
    expect(scopesAsked(mid)).toEqual(["basic"]);

    // An hour later premier is tried again.
    await ctx.db
      .owner`update provider_scope_failures set failed_at = now() - interval '61 minutes'`;
    fakes.fatsecret.state.premierAllowed = true;
    fakes.fatsecret.state.revokeOnce = true;
    await banana(user);
    const late = fakes.fatsecret.state.tokenScopes.length;
    const res = await banana(user);
    expect(scopesAsked(late)).toEqual(["premier"]);
    expect(res.body.images).toHaveLength(1);
  });

  test("barcode lookup needs premier", async () => {
    fakes.fatsecret.state.premierAllowed = true;
    const user = await fatSecretUser();
    const res = await call(ctx, user, "GET", "/api/v2/foods/barcode/33691");
    expect(res.body).toMatchObject({
      source: "fatsecret",
      food: { provider_external_id: "33691" },
    });
  });
});

describe("FatSecret images need all three conditions of Limits rule 9", () => {
  test("premier granted, include_food_images=true, images add-on: images", async () => {
    fakes.fatsecret.state.premierAllowed = true;
    fakes.fatsecret.state.imagesAddon = true;
    const res = await banana(await fatSecretUser());
    expect(lastFoodCall().searchParams.get("include_food_images")).toBe("true");
    expect(res.body.image_url).toBe(`${fakes.fatsecret.origin}/images/banana.jpg`);
  });

  test("basic scope only: the flag is not sent, no images", async () => {
    fakes.fatsecret.state.premierAllowed = false;
    const res = await banana(await fatSecretUser());
    expect(lastFoodCall().searchParams.get("include_food_images")).toBeNull();
    expect(res.body.images).toEqual([]);
  });

  test("the account has no images add-on (by its settings): the flag is not sent", async () => {
    fakes.fatsecret.state.premierAllowed = true;
    const res = await banana(await fatSecretUser({ images_addon: false }));
    expect(lastFoodCall().searchParams.get("include_food_images")).toBeNull();
    expect(res.body.images).toEqual([]);
  });

  test("the flag is sent but FatSecret has no add-on for the account: no images", async () => {
    fakes.fatsecret.state.premierAllowed = true;
    fakes.fatsecret.state.imagesAddon = false;
    const res = await banana(await fatSecretUser());
    expect(lastFoodCall().searchParams.get("include_food_images")).toBe("true");
    expect(res.body.images).toEqual([]);
    fakes.fatsecret.state.imagesAddon = true;
  });

  test("search results get images only through the detail call", async () => {
    fakes.fatsecret.state.premierAllowed = true;
    const user = await fatSecretUser();
    const res = await call(ctx, user, "GET", "/api/v2/foods/search/fatsecret?query=banana");
    expect(res.body.foods[0].images).toEqual([`${fakes.fatsecret.origin}/images/banana.jpg`]);
    const searchCall = fakes.fatsecret.requests
      .filter((u) => u.pathname === "/rest/foods/search/v1")
      .at(-1)!;
    expect(searchCall.searchParams.get("include_food_images")).toBeNull();
  });
});
