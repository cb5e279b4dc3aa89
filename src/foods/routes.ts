import { copyBuiltinFood } from "../builtin-foods/copy.ts";
import { parseBuiltinFoodId } from "../database/catalogue/ids.ts";
import { builtinVariants, presentBuiltinFood } from "../builtin-foods/present.ts";
import { findBuiltinFood } from "../builtin-foods/queries.ts";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { answerJsonBuiltBy, answerJsonText } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import { multipartImages } from "./image-upload.ts";
import { findFood } from "./queries.ts";
import * as docs from "./route-docs.ts";
import type { FoodsPage } from "./route-docs.ts";
import { diaryWrite, libraryRead } from "./route-kit.ts";
import { foodSchema } from "./schemas.ts";
import {
  listRecentAndTopFoods,
  searchFoodsJson,
  searchLibraryAndBuiltins,
} from "./search-queries.ts";
import { removeFood, saveFoodChanges, saveNewFood } from "./service.ts";
import { deleteVariant, insertVariant, listVariants, updateVariant } from "./variant-queries.ts";

const FOOD_NOT_FOUND = "Food not found.";
const VARIANT_NOT_FOUND = "Food variant not found.";

// Every food leaves through the one normalized schema, so what it declares (all three
// image keys included) is exactly what a client gets.
const out = (food: unknown) => foodSchema.parse(food);
// JSON, or the phone app's multipart form: the food in foodData, photos as files (image-upload.ts).
const withFoodPhotos = [diaryWrite, multipartImages("foodData")];

export const foodRoutes = createRouter();

// Specific paths first: /api/foods/{foodId} would otherwise take "foods-paginated".
foodRoutes
  .openapi({ ...docs.recentFoodsRoute, middleware: libraryRead }, async (c) => {
    const { userId, actorId } = c.var.auth;
    const { limit } = c.req.valid("query");
    const lists = await c.var.db.withUser(
      userId,
      (tx) => listRecentAndTopFoods(tx, userId, limit),
      actorId,
    );
    return c.json(
      { recentFoods: lists.recentFoods.map(out), topFoods: lists.topFoods.map(out) },
      200,
    );
  })
  .openapi({ ...docs.searchFoodsRoute, middleware: libraryRead }, async (c) => {
    const { userId, actorId } = c.var.auth;
    const q = c.req.valid("query");
    const term = q.searchTerm.trim();
    // A sortBy is the phone app listing its library: the library alone, as before.
    if (term === "" || q.sortBy)
      return answerJsonBuiltBy<FoodsPage>(c, (sql, userId) =>
        searchFoodsJson(sql, userId, term, q.currentPage, q.itemsPerPage),
      );
    const body = await c.var.db.withUser(
      userId,
      (tx) => searchLibraryAndBuiltins(tx, userId, term, q.currentPage, q.itemsPerPage),
      actorId,
    );
    return answerJsonText<FoodsPage>(c, body);
  })
  .openapi({ ...docs.listVariantsRoute, middleware: libraryRead }, async (c) => {
    const { userId, actorId } = c.var.auth;
    const { food_id: foodId } = c.req.valid("query");
    if (!isUuid(foodId)) return c.json([], 200);
    const ndb = parseBuiltinFoodId(foodId);
    return c.json(
      await c.var.db.withUser(
        userId,
        async (tx) => {
          if (!ndb) return listVariants(tx, userId, foodId);
          const row = await findBuiltinFood(tx, ndb);
          return row ? builtinVariants(row) : [];
        },
        actorId,
      ),
      200,
    );
  })
  .openapi({ ...docs.createVariantRoute, middleware: diaryWrite }, async (c) => {
    const { userId, actorId } = c.var.auth;
    const { food_id: foodId, ...values } = c.req.valid("json");
    const variant = await c.var.db.withUser(
      userId,
      async (tx) =>
        isUuid(foodId) && (await findFood(tx, userId, foodId))
          ? insertVariant(tx, userId, foodId, values)
          : null,
      actorId,
    );
    if (!variant) throw new HttpError(404, FOOD_NOT_FOUND);
    return c.json(variant, 201);
  })
  .openapi({ ...docs.updateVariantRoute, middleware: diaryWrite }, async (c) => {
    const { userId, actorId } = c.var.auth;
    const { variantId } = c.req.valid("param");
    const { food_id: _, ...values } = c.req.valid("json");
    const variant = isUuid(variantId)
      ? await c.var.db.withUser(
          userId,
          (tx) => updateVariant(tx, userId, variantId, values),
          actorId,
        )
      : null;
    if (!variant) throw new HttpError(404, VARIANT_NOT_FOUND);
    return c.json(variant, 200);
  })
  .openapi({ ...docs.deleteVariantRoute, middleware: diaryWrite }, async (c) => {
    const { userId, actorId } = c.var.auth;
    const { variantId } = c.req.valid("param");
    const outcome = isUuid(variantId)
      ? await c.var.db.withUser(userId, (tx) => deleteVariant(tx, userId, variantId), actorId)
      : null;
    if (!outcome) throw new HttpError(404, VARIANT_NOT_FOUND);
    if (outcome === "default") throw new HttpError(400, "The default variant cannot be deleted.");
    return c.json({ message: "Food variant deleted successfully." }, 200);
  })
  .openapi({ ...docs.createFoodRoute, middleware: withFoodPhotos }, async (c) => {
    const { food, created } = await saveNewFood(c.var, c.req.valid("json"));
    return created ? c.json(out(food), 201) : c.json(out(food), 200);
  })
  .openapi({ ...docs.copyBuiltinFoodRoute, middleware: diaryWrite }, async (c) => {
    const { userId, actorId } = c.var.auth;
    const ndb = parseBuiltinFoodId(c.req.valid("json").food_id);
    const food = ndb
      ? await c.var.db.withUser(
          userId,
          async (tx) => {
            const copy = await copyBuiltinFood(tx, userId, ndb);
            return copy && { created: copy.created, food: await findFood(tx, userId, copy.id) };
          },
          actorId,
        )
      : null;
    if (!food) throw new HttpError(404, "Built-in food not found.");
    return food.created ? c.json(out(food.food), 201) : c.json(out(food.food), 200);
  })
  .openapi({ ...docs.getFoodRoute, middleware: libraryRead }, async (c) => {
    const { userId, actorId } = c.var.auth;
    const { foodId } = c.req.valid("param");
    const ndb = parseBuiltinFoodId(foodId);
    const food = isUuid(foodId)
      ? await c.var.db.withUser(
          userId,
          async (tx) => {
            if (!ndb) return findFood(tx, userId, foodId);
            const row = await findBuiltinFood(tx, ndb);
            return row && presentBuiltinFood(row, userId);
          },
          actorId,
        )
      : null;
    if (!food) throw new HttpError(404, FOOD_NOT_FOUND);
    return c.json(out(food), 200);
  })
  .openapi({ ...docs.updateFoodRoute, middleware: withFoodPhotos }, async (c) => {
    const { foodId } = c.req.valid("param");
    const food = isUuid(foodId) ? await saveFoodChanges(c.var, foodId, c.req.valid("json")) : null;
    if (!food) throw new HttpError(404, FOOD_NOT_FOUND);
    return c.json(out(food), 200);
  })
  .openapi({ ...docs.deleteFoodRoute, middleware: diaryWrite }, async (c) => {
    const { foodId } = c.req.valid("param");
    const force = c.req.valid("query").forceDelete === "true";
    const message = isUuid(foodId) ? await removeFood(c.var, foodId, force) : null;
    if (!message) throw new HttpError(404, FOOD_NOT_FOUND);
    return c.json({ message }, 200);
  });
