import { z } from "@hono/zod-openapi";
import { nutrientInputShape } from "../../foods/nutrients.ts";
import { foodInputSchema } from "../../foods/schemas.ts";
import { searchFoods } from "../../foods/search-queries.ts";
import { saveNewFood, type FoodSaver } from "../../foods/service.ts";
import { defineTool, type ToolContext } from "../tool.ts";
import { dayArg, describeFood, logFoodPortion, mealTypeArg, portionArgs } from "./food-args.ts";

const saverOf = (ctx: ToolContext): FoodSaver => ({
  ...ctx,
  auth: { userId: ctx.userId, actorId: ctx.actorId },
});

export const searchFoodsTool = defineTool({
  name: "search_foods",
  title: "Search the food library",
  description:
    "Finds foods in the user's library by name, brand or barcode (case- and accent-insensitive), recently and most used first, with their serving units and nutrients per serving. An empty query lists the most recent.",
  input: z.object({
    query: z.string().trim().max(200).default(""),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  permission: "can_view_food_library",
  write: false,
  async run(ctx, { query, limit }) {
    const page = await ctx.db.withUser(
      ctx.userId,
      (tx) => searchFoods(tx, ctx.userId, query, 1, limit),
      ctx.actorId,
    );
    return { total: page.totalCount, foods: page.foods.map(describeFood) };
  },
});

const serving = {
  serving_size: z.number().positive().describe("The amount the nutrients are given for"),
  serving_unit: z.string().trim().min(1).max(50).describe("g, ml, slice, cup, ..."),
  ...nutrientInputShape,
};

export const createFoodTool = defineTool({
  name: "create_food",
  title: "Create a custom food",
  description:
    "Adds a custom food to the library, or one whose nutrients you estimated (estimated: true, with a confidence). Nutrients are per serving. Custom and estimated foods carry no photo.",
  input: z.object({
    name: z.string().trim().min(1).max(500),
    brand: z.string().trim().max(200).optional(),
    ...serving,
    estimated: z.boolean().default(false),
    confidence: z.enum(["high", "medium", "low"]).optional(),
  }),
  permission: "can_manage_diary",
  write: true,
  async run(ctx, { name, brand, estimated, confidence, ...variant }) {
    // Rule 4: deliberately no image keys; a custom or estimated food has no provider photo.
    const payload = foodInputSchema.parse({
      name,
      brand,
      is_custom: true,
      default_variant: {
        ...variant,
        source: estimated ? "ai_estimate" : "manual",
        ai_confidence: estimated ? (confidence ?? "medium") : null,
      },
    });
    const { food, created } = await saveNewFood(saverOf(ctx), payload);
    return { created, food: describeFood(food) };
  },
});

export const logExternalFoodTool = defineTool({
  name: "log_external_food",
  title: "Log a food from a food database",
  description:
    "Saves a food found in a food provider (Open Food Facts, USDA, ...) to the library, with its photo, and logs it to the diary. A food already saved with the same barcode or provider id is reused.",
  input: z.object({
    food: z.object({
      name: z.string().trim().min(1).max(500),
      brand: z.string().trim().max(200).nullish(),
      barcode: z.string().trim().max(64).nullish(),
      provider_type: z.string().trim().max(50).describe("openfoodfacts, usda, ..."),
      provider_external_id: z.string().trim().max(200).nullish(),
      image_url: z.string().max(2000).nullish(),
      image_source_url: z.string().max(2000).nullish().describe("The full-size photo"),
      images: z.array(z.string().max(2000)).max(20).nullish(),
      ...serving,
    }),
    meal_type: mealTypeArg,
    date: dayArg,
    ...portionArgs,
  }),
  permission: "can_manage_diary",
  write: true,
  async run(ctx, { food, meal_type, date, quantity, unit }) {
    const { name, brand, barcode, provider_type, provider_external_id, ...rest } = food;
    const { image_url, image_source_url, images, ...variant } = rest;
    // Rule 4: this payload is built here, so it names the image keys itself; a key left
    // out would lose the provider photo for the food and every entry logged from it.
    const payload = foodInputSchema.parse({
      name,
      brand,
      barcode,
      provider_type,
      provider_external_id,
      is_custom: false,
      image_url,
      image_source_url,
      images,
      default_variant: { ...variant, source: "imported" },
    });
    const saved = await saveNewFood(saverOf(ctx), payload);
    const entry = await ctx.db.withUser(
      ctx.userId,
      (tx) =>
        logFoodPortion(tx, ctx.userId, saved.food, {
          quantity,
          unit,
          meal_type,
          date: date ?? ctx.today,
        }),
      ctx.actorId,
    );
    return { created: saved.created, food: describeFood(saved.food), entry };
  },
});
