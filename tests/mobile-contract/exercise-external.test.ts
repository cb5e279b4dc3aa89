import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  startFreeExerciseDbFake,
  startNutritionixExerciseFake,
  startWgerFake,
  type ExerciseDatabaseFake,
} from "../fakes/exercise-databases.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import type { TestContext } from "../helpers/test-app.ts";
import { createContractContext } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS, type AppUser } from "./as-app.ts";
import { EXERCISE, EXTERNAL_EXERCISE, PAGINATION } from "./exercise-shapes.ts";
import { expectAnswer, expectShape } from "./shapes.ts";

let ctx: TestContext;
let wger: ExerciseDatabaseFake;
let freeDb: ExerciseDatabaseFake;
let nix: ExerciseDatabaseFake;
beforeAll(async () => {
  [wger, freeDb, nix] = [
    startWgerFake(),
    startFreeExerciseDbFake(),
    startNutritionixExerciseFake(),
  ];
  ctx = await createContractContext({
    SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: "localhost",
    SERVICE_FITNESS_FOOD_PROVIDER_TIMEOUT_MS: "500",
  });
}, SETUP_TIMEOUT);
afterAll(async () => {
  wger.stop();
  freeDb.stop();
  nix.stop();
  await ctx.close();
});

/** The account's two default databases, found in the app's provider list. */
async function defaultDatabases(as: AppUser) {
  const list = await appCall(ctx, as, "GET", "/api/external-providers");
  const id = (type: string) => list.body.find((p: any) => p.provider_type === type).id as string;
  return { wger: id("wger"), "free-exercise-db": id("free-exercise-db") };
}

/** The account's default databases, pointed at the local stand-ins on the web's provider settings. */
async function withDatabases(as: AppUser) {
  const ids = await defaultDatabases(as);
  for (const [type, fake] of [
    ["wger", wger],
    ["free-exercise-db", freeDb],
  ] as const) {
    const updated = await appCall(ctx, as, "PUT", `/api/external-providers/${ids[type]}`, {
      base_url: fake.baseUrl,
      is_active: true,
    });
    expect(updated.status).toBe(200);
  }
  return ids;
}

const search = (
  as: AppUser,
  type: string,
  providerId: string,
  query: string,
  page = 1,
  pageSize = 1,
) =>
  appCall(
    ctx,
    as,
    "GET",
    `/api/exercises/search-external?${new URLSearchParams({
      query,
      providerType: type,
      providerId,
      page: String(page),
      pageSize: String(pageSize),
    })}`,
  );

for (const credential of CREDENTIALS) {
  describe(`the phone app's exercise databases (${credential})`, () => {
    test("listed as exercise providers, searched page by page, added to the library once", async () => {
      const user = await appUser(ctx, credential);
      const ids = await withDatabases(user);
      // useExternalProviders({category: 'exercise'}) keeps active rows of that category.
      const providers = await appCall(ctx, user, "GET", "/api/external-providers");
      const exercise = providers.body.filter((p: any) => p.categories.includes("exercise"));
      expect(exercise.map((p: any) => p.provider_type).sort()).toEqual([
        "free-exercise-db",
        "wger",
      ]);

      const wgerPage = await search(user, "wger", ids.wger!, "bench", 2);
      expect(wgerPage.status).toBe(200);
      expectShape(wgerPage.body.pagination, PAGINATION, "Pagination");
      expect(wgerPage.body.pagination).toEqual({
        page: 2,
        pageSize: 1,
        totalCount: 2,
        hasMore: false,
      });
      const [incline] = wgerPage.body.items;
      expectShape(incline, EXTERNAL_EXERCISE, "ExternalExerciseSearchItem");
      expect(incline).toMatchObject({ id: "74", name: "Incline Bench Press", source: "wger" });
      expect(incline.images[0]).toBe(`${wger.origin}/media/exercise-images/74/Bench-press-1.png`);

      const freePage = await search(user, "free-exercise-db", ids["free-exercise-db"]!, "sit up");
      expectShape(freePage.body.items[0], EXTERNAL_EXERCISE, "ExternalExerciseSearchItem");
      expect(freePage.body.items[0]).toMatchObject({
        id: "3_4_Sit-Up",
        source: "free-exercise-db",
        primary_muscles: ["abdominals"],
        images: [
          `${freeDb.baseUrl}/exercises/3_4_Sit-Up/0.jpg`,
          `${freeDb.baseUrl}/exercises/3_4_Sit-Up/1.jpg`,
        ],
      });

      // importExercise: wger by number, free-exercise-db by its id.
      const fromWger = await appCall(ctx, user, "POST", "/api/exercises/add-external", {
        wgerExerciseId: 73,
      });
      expectAnswer(fromWger, 201, EXERCISE, "add-external", {
        name: "Bench Press",
        source: "wger",
        category: "chest",
        instructions: ["Lie on the bench.", "Press the bar up."],
        equipment: ["barbell", "bench"],
        is_custom: true,
      });
      const fromFree = await appCall(ctx, user, "POST", "/api/freeexercisedb/add", {
        exerciseId: "Air_Bike",
      });
      expectAnswer(fromFree, 201, EXERCISE, "freeexercisedb/add", {
        name: "Air Bike",
        source: "free-exercise-db",
      });
      expect(fromFree.body.images[0]).toBe(`${freeDb.baseUrl}/exercises/Air_Bike/0.jpg`);

      // Added again: the same exercise, not a second one.
      const again = await appCall(ctx, user, "POST", "/api/freeexercisedb/add", {
        exerciseId: "Air_Bike",
      });
      expect(again.body.id).toBe(fromFree.body.id);
      const library = await appCall(
        ctx,
        user,
        "GET",
        "/api/exercises/search?searchTerm=air%20bike",
      );
      expect(library.body.filter((x: any) => x.name === "Air Bike")).toHaveLength(1);
    });

    test("refusals and upstream trouble change nothing", async () => {
      const user = await appUser(ctx, credential);
      // Both defaults switched off: nothing to search.
      for (const id of Object.values(await defaultDatabases(user))) {
        const off = await appCall(ctx, user, "PUT", `/api/external-providers/${id}`, {
          is_active: false,
        });
        expect(off.status).toBe(200);
      }
      const none = await appCall(ctx, user, "POST", "/api/exercises/add-external", {
        wgerExerciseId: 73,
      });
      expect(none.status).toBe(404);
      const ids = await withDatabases(user);
      const cases: [string, string, unknown, number][] = [
        ["POST", "/api/exercises/add-external", { wgerExerciseId: 9999 }, 404],
        ["POST", "/api/exercises/add-external", { wgerExerciseId: "0" }, 404],
        ["POST", "/api/exercises/add-external", { wgerExerciseId: "abc" }, 400],
        ["POST", "/api/freeexercisedb/add", { exerciseId: "../../secrets" }, 404],
        ["POST", "/api/freeexercisedb/add", {}, 400],
        [
          "GET",
          `/api/exercises/search-external?query=x&providerType=strava&providerId=${ids.wger}`,
          undefined,
          400,
        ],
        [
          "GET",
          `/api/exercises/search-external?providerType=wger&providerId=${ids.wger}`,
          undefined,
          400,
        ],
      ];
      for (const [method, path, body, status] of cases) {
        const res = await appCall(ctx, user, method, path, body);
        expect([path, res.status]).toEqual([path, status]);
        expect(typeof res.body.error).toBe("string");
      }
      wger.fail = 500;
      try {
        const failed = await search(user, "wger", ids.wger!, "bench");
        expect(failed.status).toBe(502);
        wger.fail = "slow";
        const slow = await appCall(ctx, user, "POST", "/api/exercises/add-external", {
          wgerExerciseId: 73,
        });
        expect(slow.status).toBe(504);
      } finally {
        wger.fail = null;
      }
      // A base URL on the private network is refused by the SSRF guard.
      const inside = await appCall(ctx, user, "POST", "/api/external-providers", {
        provider_name: "inside",
        provider_type: "wger",
        base_url: "http://10.0.0.7/api/v2",
      });
      const refused = await search(user, "wger", inside.body.id, "bench");
      expect(refused.status).toBe(502);
      const library = await appCall(
        ctx,
        user,
        "GET",
        "/api/exercises/search?searchTerm=bench%20press",
      );
      expect(library.body.filter((x: any) => x.source === "wger")).toEqual([]);
    });
  });
}

describe("free-exercise-db's list", () => {
  test("is downloaded once for searches at once and after; a failed download is not kept", async () => {
    const fake = startFreeExerciseDbFake();
    try {
      const user = await appUser(ctx, "session");
      const created = await appCall(ctx, user, "POST", "/api/external-providers", {
        provider_name: "own copy",
        provider_type: "free-exercise-db",
        base_url: fake.baseUrl,
      });
      const downloads = () =>
        fake.requests.filter((url) => url.pathname.endsWith("/dist/exercises.json")).length;

      fake.fail = 500;
      expect((await search(user, "free-exercise-db", created.body.id, "air")).status).toBe(502);
      expect(downloads()).toBe(1);
      fake.fail = null;
      const [a, b] = await Promise.all([
        search(user, "free-exercise-db", created.body.id, "air"),
        search(user, "free-exercise-db", created.body.id, "bicycling"),
      ]);
      expect([a.body.items[0].id, b.body.items[0].id]).toEqual(["Air_Bike", "Bicycling"]);
      const later = await search(user, "free-exercise-db", created.body.id, "sit up");
      expect(later.body.items[0].id).toBe("3_4_Sit-Up");
      expect(downloads()).toBe(2);
    } finally {
      fake.stop();
    }
  });
});

describe("Nutritionix as an exercise database", () => {
  const addNutritionix = (as: AppUser, fields: Record<string, string>) =>
    appCall(ctx, as, "POST", "/api/external-providers", {
      provider_name: "Nutritionix",
      provider_type: "nutritionix",
      base_url: nix.baseUrl,
      app_id: "nix-id",
      app_key: "nix-key",
      ...fields,
    });

  test("a sentence searched through the configured keys, its activities added to the library", async () => {
    const user = await appUser(ctx, "API key");
    const created = await addNutritionix(user, {});
    expect(created.status).toBe(201);
    expect(created.body.categories).toEqual(["food", "exercise"]);

    const page = await search(
      user,
      "nutritionix",
      created.body.id,
      "30 min yoga and ran 25 min",
      1,
      20,
    );
    expect(page.status).toBe(200);
    expect(page.body.pagination).toEqual({ page: 1, pageSize: 20, totalCount: 2, hasMore: false });
    for (const item of page.body.items)
      expectShape(item, EXTERNAL_EXERCISE, "ExternalExerciseSearchItem");
    expect(page.body.items).toMatchObject([
      {
        id: "Yoga",
        name: "Yoga",
        source: "nutritionix",
        modality: "duration",
        calories_per_hour: 175,
        images: [`${nix.origin}/exercise/104_highres.jpg`],
      },
      {
        id: "Running",
        source: "nutritionix",
        modality: "duration_distance",
        calories_per_hour: 686,
      },
    ]);
    const second = await search(user, "nutritionix", created.body.id, "yoga and running", 2);
    expect(second.body.items.map((x: any) => x.id)).toEqual(["Running"]);
    const nothing = await search(user, "nutritionix", created.body.id, "pondering");
    expect(nothing.status).toBe(200);
    expect(nothing.body).toMatchObject({
      items: [],
      pagination: { totalCount: 0, hasMore: false },
    });

    const added = await appCall(ctx, user, "POST", "/api/exercises/add-external", {
      source: "nutritionix",
      exerciseId: "Running",
      providerId: created.body.id,
    });
    expect(added.status).toBe(201);
    expectShape(added.body, EXERCISE, "add-external");
    expect(added.body).toMatchObject({
      name: "Running",
      source: "nutritionix",
      calories_per_hour: 686,
      images: [`${nix.origin}/exercise/63_highres.jpg`],
      is_custom: true,
    });
    const again = await appCall(ctx, user, "POST", "/api/exercises/add-external", {
      source: "nutritionix",
      exerciseId: "running",
    });
    expect([again.status, again.body.id]).toEqual([201, added.body.id]);
    const unknown = await appCall(ctx, user, "POST", "/api/exercises/add-external", {
      source: "nutritionix",
      exerciseId: "Pondering",
    });
    expect(unknown.status).toBe(404);
    const badSource = await appCall(ctx, user, "POST", "/api/exercises/add-external", {
      source: "strava",
      exerciseId: "Running",
    });
    expect(badSource.status).toBe(400);
    // Each call sent the keys (the fake refuses others) to the natural-language endpoint.
    expect(new Set(nix.requests.map((url) => url.pathname))).toEqual(
      new Set(["/v2/natural/exercise"]),
    );
  });

  test("wrong keys, an outage and the home network are refused", async () => {
    const user = await appUser(ctx, "session");
    const wrongKey = await addNutritionix(user, { provider_name: "wrong", app_key: "old" });
    const refused = await search(user, "nutritionix", wrongKey.body.id, "yoga");
    expect(refused).toMatchObject({
      status: 502,
      body: { error: "Nutritionix rejected the configured credentials." },
    });
    const good = await addNutritionix(user, {});
    nix.fail = 500;
    try {
      expect((await search(user, "nutritionix", good.body.id, "yoga")).status).toBe(502);
    } finally {
      nix.fail = null;
    }
    const inside = await addNutritionix(user, {
      provider_name: "inside",
      base_url: "http://10.0.0.7",
    });
    expect((await search(user, "nutritionix", inside.body.id, "yoga")).status).toBe(502);
  });
});
