import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { FoodProviderFakes } from "../fakes/food-providers.ts";
import { SETUP_TIMEOUT, makeAdmin } from "../helpers/accounts.ts";
import type { TestContext, TestUser } from "../helpers/test-app.ts";
import { addProvider, call, createProviderContext } from "./helpers.ts";

let ctx: TestContext;
let fakes: FoodProviderFakes;
let user: TestUser;
const TYPES = [
  ["openfoodfacts", "Open Food Facts"],
  ["usda", "USDA FoodData Central"],
  ["fatsecret", "FatSecret"],
  ["nutritionix", "Nutritionix"],
  ["mealie", "Mealie"],
  ["tandoor", "Tandoor"],
  ["norish", "Norish"],
  ["yazio", "Yazio"],
  ["swissfood", "Swiss Food Composition Database"],
] as const;

beforeAll(async () => {
  ({ ctx, fakes } = await createProviderContext());
  user = await ctx.createUser();
  for (const [type] of TYPES) await addProvider(ctx, user, fakes, type);
}, SETUP_TIMEOUT);
afterEach(() => {
  for (const [type] of TYPES) fakes[type].state.fail = null;
});
afterAll(async () => {
  fakes.stopAll();
  await ctx.close();
});

const search = (type: string) => call(ctx, user, "GET", `/api/v2/foods/search/${type}?query=a`);
const details = (type: string) => call(ctx, user, "GET", `/api/v2/foods/details/${type}/1`);

describe.each(TYPES)("%s upstream failures", (type, label) => {
  test("401 and 403 become 502 naming the rejected credentials", async () => {
    for (const status of [401, 403] as const) {
      fakes[type].state.fail = status;
      const res = await search(type);
      expect(res.status).toBe(502);
      expect(res.body.error).toBe(`${label} rejected the configured credentials.`);
    }
  });

  test("429 passes on with Retry-After", async () => {
    fakes[type].state.fail = 429;
    const res = await details(type);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("42");
    expect(res.body.error).toBe(`${label} is limiting requests; try again later.`);
  });

  test("5xx becomes 502", async () => {
    fakes[type].state.fail = 500;
    const res = await search(type);
    expect(res.status).toBe(502);
    expect(res.body.error).toBe(`${label} answered with an error (500).`);
  });

  test("no answer within the time limit becomes 504", async () => {
    fakes[type].state.fail = "slow";
    const started = Date.now();
    const res = await details(type);
    expect(res.status).toBe(504);
    expect(res.body.error).toBe(`${label} did not answer in time.`);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe("network and address failures", () => {
  test("a server that is not there is 502", async () => {
    const other = await ctx.createUser();
    await addProvider(ctx, other, fakes, "usda", { base_url: "http://localhost:9/fdc" });
    const res = await call(ctx, other, "GET", "/api/v2/foods/search/usda?query=a");
    expect(res.status).toBe(502);
    expect(res.body.error).toStartWith("USDA FoodData Central could not be reached");
  });

  test("a base URL on a private address is refused unless an administrator allowed it", async () => {
    const other = await ctx.createUser();
    const port = new URL(fakes.openfoodfacts.origin).port;
    await addProvider(ctx, other, fakes, "openfoodfacts", { base_url: `http://127.0.0.1:${port}` });
    const res = await call(ctx, other, "GET", "/api/v2/foods/details/openfoodfacts/3017620422003");
    expect(res.status).toBe(502);
    expect(res.body.error).toContain("not a public address");
    const flag = await call(ctx, other, "POST", "/api/external-providers", {
      provider_name: "home",
      provider_type: "mealie",
      base_url: "http://192.168.1.5/mealie",
      app_key: "t",
      allow_private_network: true,
    });
    expect(flag.status).toBe(403);
  });

  test("an administrator may let a provider of theirs reach the private network", async () => {
    const admin = await ctx.createUser();
    await makeAdmin(ctx, admin.id);
    const port = new URL(fakes.openfoodfacts.origin).port;
    await addProvider(ctx, admin, fakes, "openfoodfacts", {
      base_url: `http://127.0.0.1:${port}`,
      allow_private_network: true,
    });
    const res = await call(ctx, admin, "GET", "/api/v2/foods/details/openfoodfacts/3017620422003");
    expect(res).toMatchObject({ status: 200, body: { name: "Nutella" } });
  });

  test("no provider of that type, or an unknown type, is 404", async () => {
    const other = await ctx.createUser();
    const none = await call(ctx, other, "GET", "/api/v2/foods/search/usda?query=a");
    expect(none).toMatchObject({
      status: 404,
      body: { error: "No active USDA FoodData Central provider is configured." },
    });
    const unknown = await call(ctx, other, "GET", "/api/v2/foods/search/nope?query=a");
    expect(unknown.status).toBe(404);
  });

  test("a barcode lookup reports a provider outage rather than not_found", async () => {
    fakes.openfoodfacts.state.fail = 500;
    fakes.usda.state.fail = 500;
    fakes.fatsecret.state.fail = 500;
    fakes.nutritionix.state.fail = 500;
    const res = await call(ctx, user, "GET", "/api/v2/foods/barcode/3017620422003");
    expect(res.status).toBe(502);
  });
});
