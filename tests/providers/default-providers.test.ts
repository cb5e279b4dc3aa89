import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  startFreeExerciseDbFake,
  startWgerFake,
  type ExerciseDatabaseFake,
} from "../fakes/exercise-databases.ts";
import { startFoodProviderFakes, type FoodProviderFakes } from "../fakes/food-providers.ts";
import { migrations } from "../../src/database/migrations.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let wger: ExerciseDatabaseFake;
let freeDb: ExerciseDatabaseFake;
let foodFakes: FoodProviderFakes;
beforeAll(async () => {
  [wger, freeDb, foodFakes] = [
    startWgerFake(),
    startFreeExerciseDbFake(),
    startFoodProviderFakes(),
  ];
  ctx = await createTestContext({
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "localhost",
    SERVICE_FITNESS_OPEN_FOOD_FACTS_DEFAULT: "true",
  });
  await ctx.createUser("Existing"); // the next sign-up is no first administrator
}, SETUP_TIMEOUT);
afterAll(async () => {
  wger.stop();
  freeDb.stop();
  foodFakes.stopAll();
  await ctx.close();
});

type Provider = { id: string; provider_name: string; provider_type: string; is_active: boolean };

describe("a new account's default providers", () => {
  test("Free Exercise DB, wger and the Swiss Food Database besides Open Food Facts, so the app's exercise search answers", async () => {
    const email = `${crypto.randomUUID()}@example.test`;
    const signUp = await ctx.request(
      "/api/auth/sign-up/email",
      jsonRequest("POST", null, { email, password: "long enough", name: "New" }),
    );
    expect(signUp.status).toBe(200);
    const { token } = await signUp.json();
    const list = (await (
      await ctx.request("/api/external-providers", { headers: bearer(token) })
    ).json()) as Provider[];
    const active = list
      .filter((p) => p.is_active)
      .map((p) => `${p.provider_name} (${p.provider_type})`);
    expect(active.sort()).toEqual([
      "Free Exercise DB (free-exercise-db)",
      "Open Food Facts (openfoodfacts)",
      "Swiss Food Database (swissfood)",
      "Wger (wger)",
    ]);
    // The rows are the user's own: pointed at local stand-ins of the two services here.
    for (const [type, fake, query] of [
      ["wger", wger, "bench"],
      ["free-exercise-db", freeDb, "sit up"],
    ] as const) {
      const row = list.find((p) => p.provider_type === type)!;
      const put = await ctx.request(
        `/api/external-providers/${row.id}`,
        jsonRequest("PUT", token, { base_url: fake.baseUrl }),
      );
      expect(put.status).toBe(200);
      const search = await ctx.request(
        `/api/exercises/search-external?${new URLSearchParams({ query, providerType: type })}`,
        { headers: bearer(token) },
      );
      expect(search.status).toBe(200);
      expect((await search.json()).items.length).toBeGreaterThan(0);
    }
    // The Swiss one answers a search that names it (here at a local stand-in of the service).
    const swiss = list.find((p) => p.provider_type === "swissfood")!;
    const put = await ctx.request(
      `/api/external-providers/${swiss.id}`,
      jsonRequest("PUT", token, { base_url: `${foodFakes.swissfood.origin}/BLV-api` }),
    );
    expect(put.status).toBe(200);
    const search = await ctx.request(
      `/api/v2/foods/search/swissfood?${new URLSearchParams({ query: "apple", providerId: swiss.id })}`,
      { headers: bearer(token) },
    );
    expect(search.status).toBe(200);
    expect((await search.json()).foods.length).toBe(1);
  });

  test("an account made before the Swiss Food Database was a default is given it by the migration, once", async () => {
    const user = await ctx.createUser("Earlier");
    await ctx.db.owner`delete from external_providers
                        where user_id = ${user.id} and provider_type = 'swissfood'`;
    const sql = migrations.find((m) => m.version === 48)!.sql;
    const swissPart = sql.slice(sql.indexOf("insert into external_providers"));
    await ctx.db.owner.unsafe(swissPart);
    await ctx.db.owner.unsafe(swissPart);
    const rows = await ctx.db.owner<{ provider_name: string; is_active: boolean }[]>`
      select provider_name, is_active from external_providers
       where user_id = ${user.id} and provider_type = 'swissfood'`;
    expect([...rows]).toEqual([{ provider_name: "Swiss Food Database", is_active: true }]);
  });
});
