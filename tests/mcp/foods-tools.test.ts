import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { buildChatTools, toolsForActor } from "../../src/chat/tools.ts";
import { createLogger } from "../../src/logger.ts";
import { createToolContext } from "../../src/mcp/context.ts";
import { startImageServer, type ImageServer } from "../fakes/image-server.ts";
import { call, waitForFood, type Json } from "../foods/helpers.ts";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { connectMcp } from "./mcp-client.ts";

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

const FOOD_TOOLS = [
  "search_foods",
  "get_food_diary",
  "log_food",
  "log_external_food",
  "create_food",
  "log_meal",
  "copy_from_yesterday",
  "get_nutrition_summary",
];

/** A user, the official MCP client on their key, and their REST view. */
async function connect(user?: TestUser) {
  const owner = user ?? (await ctx.createUser());
  const mcp = await connectMcp(
    "http://app.local",
    await ctx.createApiKey(owner.id, ["mcp"]),
    ctx.request,
  );
  const tool = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await mcp.call(name, args);
    if (result.isError) throw new Error(`${name}: ${result.content[0]?.text}`);
    expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent!);
    return result.structuredContent as Json;
  };
  const rest = async (method: string, path: string, body?: unknown) =>
    (await call(ctx, owner, method, path, body)).body;
  return { user: owner, mcp, tool, rest };
}

const todayIn = (zone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());

describe("food and diary tools", () => {
  test("are listed over MCP and offered to the chat assistant", async () => {
    const { user, mcp } = await connect();
    const listed = (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(listed).toEqual(expect.arrayContaining(FOOD_TOOLS));
    const deps = { config: ctx.config, db: ctx.db, logger: createLogger("silent") };
    const toolCtx = await createToolContext(deps, user.id, user.id);
    const tools = await buildChatTools(await toolsForActor(toolCtx), toolCtx, new Set());
    expect(Object.keys(tools)).toEqual(expect.arrayContaining(FOOD_TOOLS));
    await mcp.close();
  });

  test("create_food, search_foods and log_food, dated in the profile's zone", async () => {
    const { mcp, tool, rest } = await connect();
    // UTC+14: its "today" differs from UTC's for ten hours of every day.
    const zone = "Pacific/Kiritimati";
    await rest("PUT", "/api/identity/profiles", { timezone: zone });
    const created = await tool("create_food", {
      name: "Porridge",
      serving_size: 250,
      serving_unit: "g",
      calories: 300,
      protein: 10,
      carbs: 50,
      fat: 6,
      estimated: true,
      confidence: "low",
      // Not part of create_food: custom and estimated foods carry no photo (rule 4).
      image_url: "https://img.invalid/porridge.jpg",
    });
    expect(created.created).toBe(true);
    const stored = await rest("GET", `/api/foods/${created.food.id}`);
    expect(stored).toMatchObject({ name: "Porridge", is_custom: true, images: [] });
    expect(stored.default_variant).toMatchObject({ source: "ai_estimate", ai_confidence: "low" });

    const found = await tool("search_foods", { query: "PORRIDGE" });
    expect(found.foods).toHaveLength(1);
    expect(found.foods[0].servings[0]).toMatchObject({ serving_unit: "g", calories: 300 });

    const logged = await tool("log_food", { food: "porridge", meal_type: "breakfast" });
    const today = todayIn(zone);
    const day = await rest("GET", `/api/food-entries/by-date/${today}`);
    expect(day).toHaveLength(1);
    expect(day[0]).toMatchObject({
      id: logged.entry.id,
      food_name: "Porridge",
      quantity: 250,
      unit: "g",
      meal_type: "breakfast",
    });

    const half = await tool("log_food", {
      food: created.food.id,
      meal_type: "dinner",
      date: "2026-03-01",
      quantity: 125,
      unit: "g",
    });
    expect(half.entry).toMatchObject({ quantity: 125, calories: 150, protein: 5 });
    const missing = await mcp.call("log_food", { food: "pizza", meal_type: "lunch" });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toContain('No food "pizza"');
    await mcp.close();
  });

  test("log_external_food brings the provider photo to the food and the entry", async () => {
    const { user, mcp, tool, rest } = await connect();
    const provider = {
      name: "Skyr",
      brand: "Nordic",
      barcode: "5701234",
      provider_type: "openfoodfacts",
      provider_external_id: "5701234",
      image_url: `${images.origin}/skyr/photo.jpg`,
      image_source_url: `${images.origin}/skyr/full/photo.jpg`,
      serving_size: 100,
      serving_unit: "g",
      calories: 63,
      protein: 11,
    };
    const logged = await tool("log_external_food", {
      food: provider,
      meal_type: "snacks",
      date: "2026-03-02",
      quantity: 150,
    });
    expect(logged.created).toBe(true);
    expect(logged.entry).toMatchObject({ food_name: "Skyr", quantity: 150, unit: "g" });
    expect(logged.entry.images).toHaveLength(2);

    // The downloads replace both URLs, on the food and on the entry logged meanwhile.
    const local = (values: string[] = []) =>
      values.length === 2 && values.every((v) => v.startsWith("/uploads/foods/"));
    const saved = await waitForFood(ctx, user, logged.food.id, (f) => local(f.images));
    expect(saved).toMatchObject({ provider_type: "openfoodfacts", barcode: "5701234" });
    expect(saved.image_url).toStartWith(`/uploads/foods/${logged.food.id}/`);
    const [entry] = await rest("GET", "/api/food-entries/by-date/2026-03-02");
    expect(entry.images).toEqual(saved.images);

    // Logged again: the food is found by barcode and reused, its photo kept (rule 5).
    const again = await tool("log_external_food", {
      food: { ...provider, image_url: `${images.origin}/other/photo.jpg` },
      meal_type: "snacks",
      date: "2026-03-02",
    });
    expect(again.created).toBe(false);
    expect(again.food.id).toBe(logged.food.id);
    expect(again.entry.images).toEqual(saved.images);
    expect((await tool("get_food_diary", { date: "2026-03-02" })).entries).toHaveLength(2);
    await mcp.close();
  });
  test("log_meal, copy_from_yesterday and get_nutrition_summary for a day and a range", async () => {
    const { mcp, tool, rest } = await connect();
    const bread = await tool("create_food", {
      name: "Rye bread",
      serving_size: 1,
      serving_unit: "slice",
      calories: 80,
      protein: 3,
      carbs: 15,
      fat: 1,
    });
    const cheese = await tool("create_food", {
      name: "Gouda",
      serving_size: 30,
      serving_unit: "g",
      calories: 110,
      protein: 7,
      fat: 9,
    });
    const template = await rest("POST", "/api/meals", {
      name: "Cheese sandwich",
      foods: [
        { food_id: bread.food.id, quantity: 2, unit: "slice" },
        { food_id: cheese.food.id, quantity: 30, unit: "g" },
      ],
    });
    const meal = await tool("log_meal", {
      meal: "cheese sandwich",
      meal_type: "lunch",
      date: "2026-04-01",
      servings: 2,
    });
    expect(meal).toMatchObject({ name: "Cheese sandwich", date: "2026-04-01", meal_type: "lunch" });
    expect(meal.totals).toEqual({ calories: 540, protein: 26, carbs: 60, fat: 22 });
    const logged = await rest("GET", `/api/food-entry-meals/${meal.logged_meal_id}`);
    expect(logged.meal_template_id).toBe(template.id);
    expect(logged.foods.map((f: Json) => [f.food_name, f.quantity])).toEqual([
      ["Rye bread", 4],
      ["Gouda", 60],
    ]);
    await tool("log_food", { food: "gouda", meal_type: "snacks", date: "2026-04-01" });

    const copied = await tool("copy_from_yesterday", { date: "2026-04-02", meal_type: "snacks" });
    expect(copied.copied).toBe(1);
    const nextDay = await rest("GET", "/api/food-entries/by-date/2026-04-02");
    expect(nextDay.map((e: Json) => [e.food_name, e.meal_type])).toEqual([["Gouda", "snacks"]]);
    const diary = await tool("get_food_diary", { date: "2026-04-01" });
    expect(diary.entries).toHaveLength(3);
    expect(diary.totals.calories).toBe(650);
    expect(diary.meals).toEqual([
      { meal_type: "lunch", calories: 540, protein: 26, carbs: 60, fat: 22 },
      { meal_type: "snacks", calories: 110, protein: 7, carbs: 0, fat: 9 },
    ]);

    const day = await tool("get_nutrition_summary", { date: "2026-04-01" });
    const viaRest = await rest("GET", "/api/daily-summary?date=2026-04-01");
    expect(day.totals.calories).toBe(650);
    expect(day.totals.protein).toBe(viaRest.nutrition.totals.protein);
    expect(day.calories_by_meal).toEqual({ lunch: 540, snacks: 110 });
    const range = await tool("get_nutrition_summary", {
      start_date: "2026-04-01",
      end_date: "2026-04-03",
    });
    expect(range).toMatchObject({ days_logged: 2, totals: { calories: 760 } });
    expect(range.average_per_logged_day.calories).toBe(380);
    expect(range.days.map((d: Json) => d.totals.calories)).toEqual([650, 110, 0]);
    const bad = await mcp.call("get_nutrition_summary", { start_date: "2026-04-01" });
    expect(bad.isError).toBe(true);
    await mcp.close();
  });
  test("a nutrient not given: the tools answer null for it and count it as nothing", async () => {
    const { tool, mcp } = await connect();
    const { food } = await tool("create_food", {
      name: "Black tea",
      serving_size: 250,
      serving_unit: "ml",
      calories: 2,
    });
    expect(food.servings[0]).toMatchObject({ calories: 2, protein: null, carbs: null, fat: null });
    await tool("log_food", { food: "black tea", meal_type: "breakfast", date: "2026-06-01" });
    await tool("log_food", { food: "black tea", meal_type: "breakfast", date: "2026-06-01" });
    const diary = await tool("get_food_diary", { date: "2026-06-01" });
    expect(diary.entries[0]).toMatchObject({ calories: 2, protein: null, fat: null });
    expect(diary.totals).toEqual({ calories: 4, protein: 0, carbs: 0, fat: 0 });
    const day = await tool("get_nutrition_summary", { date: "2026-06-01" });
    expect(day.totals).toMatchObject({ calories: 4, protein: 0 });
    await mcp.close();
  });

  test("a key's tools see and change only its owner's library and diary", async () => {
    const owner = await connect();
    const { food } = await owner.tool("create_food", {
      name: "Private stew",
      serving_size: 1,
      serving_unit: "bowl",
      calories: 400,
    });
    await owner.tool("log_food", { food: food.id, meal_type: "dinner", date: "2026-05-01" });
    const other = await connect();
    expect((await other.tool("search_foods", { query: "stew" })).foods).toEqual([]);
    const refused = await other.mcp.call("log_food", { food: food.id, meal_type: "dinner" });
    expect(refused.isError).toBe(true);
    expect((await other.tool("get_food_diary", { date: "2026-05-01" })).entries).toEqual([]);
    expect((await owner.tool("get_food_diary", { date: "2026-05-01" })).entries).toHaveLength(1);
    const badArgs = await other.mcp.call("log_food", { food: food.id, quantity: -1 });
    expect(badArgs.isError).toBe(true);
    expect(badArgs.content[0]!.text).toContain("quantity");
    await owner.mcp.close();
    await other.mcp.close();
  });
});
