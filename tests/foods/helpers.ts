import { expect } from "bun:test";
import { jsonRequest, type TestContext, type TestUser } from "../helpers/test-app.ts";

/** A provider-mapped food payload as the web form or a provider import sends it. */
export function foodPayload(overrides: Record<string, unknown> = {}) {
  return {
    name: "Crème Fraîche",
    brand: "Dairy Co",
    barcode: null,
    serving_size: 100,
    serving_unit: "g",
    calories: 290,
    protein: 2.4,
    carbs: 3,
    fat: 30,
    saturated_fat: 20,
    ...overrides,
  };
}

export type Json = Record<string, any>;

/** Sends a JSON request as the user and returns status and parsed body. */
export async function call(
  ctx: TestContext,
  user: TestUser,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await ctx.request(path, jsonRequest(method, user.token, body));
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
}

export async function createFood(
  ctx: TestContext,
  user: TestUser,
  overrides: Record<string, unknown> = {},
) {
  const { status, body } = await call(ctx, user, "POST", "/api/foods", foodPayload(overrides));
  expect([200, 201]).toContain(status);
  return body as Json;
}

/**
 * Image downloads run after the response; polls the food until `done` holds (or gives up
 * after ten seconds, and the caller's expectation then fails with the last state).
 */
export async function waitForFood(
  ctx: TestContext,
  user: TestUser,
  foodId: string,
  done: (food: Json) => boolean,
) {
  let food: Json = {};
  for (let i = 0; i < 200; i++) {
    food = (await call(ctx, user, "GET", `/api/foods/${foodId}`)).body;
    const [pending] = await ctx.db.owner`select 1 from food_image_jobs where food_id = ${foodId}`;
    if (done(food) && !pending) return food;
    await Bun.sleep(50);
  }
  return food;
}

export async function logEntry(ctx: TestContext, user: TestUser, body: Record<string, unknown>) {
  const result = await call(ctx, user, "POST", "/api/food-entries", {
    meal_type: "lunch",
    entry_date: "2026-03-01",
    quantity: 1,
    unit: "g",
    ...body,
  });
  expect(result.status).toBe(201);
  return result.body as Json;
}
