import { createRoute, z } from "@hono/zod-openapi";
import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import { listMealsById } from "./meal-queries.ts";
import { mealSchema } from "./meal-schemas.ts";
import { listFoodsById } from "./queries.ts";
import { diaryWrite, errors, json, libraryRead, security } from "./route-kit.ts";
import { foodSchema } from "./schemas.ts";

const tags = ["Favourites"];
const typeParams = z.object({ type: z.enum(["food", "meal"]), id: z.string() });
const toggleSchema = z.object({
  type: z.enum(["food", "meal"]),
  id: z.string(),
  is_favorite: z.boolean(),
});
const toggleRoute = (method: "post" | "delete") =>
  createRoute({
    method,
    path: "/api/favorites/{type}/{id}",
    tags,
    security,
    summary: method === "post" ? "Mark a food or meal as a favourite" : "Unmark a favourite",
    request: { params: typeParams },
    responses: { 200: { description: "The new state", ...json(toggleSchema) }, ...errors },
  });

async function itemExists(tx: Tx, userId: string, type: "food" | "meal", id: string) {
  if (!isUuid(id)) return false;
  const [row] =
    type === "food"
      ? await tx`select 1 from foods where id = ${id} and user_id = ${userId}`
      : await tx`select 1 from meals where id = ${id} and user_id = ${userId}`;
  return Boolean(row);
}

export const favoriteRoutes = createRouter();
favoriteRoutes
  .openapi(
    {
      ...createRoute({
        method: "get",
        path: "/api/favorites",
        tags,
        security,
        summary: "Favourite foods and meals, newest first",
        responses: {
          200: {
            description: "Favourites",
            ...json(
              z.object({ favoriteFoods: z.array(foodSchema), favoriteMeals: z.array(mealSchema) }),
            ),
          },
          ...errors,
        },
      }),
      middleware: libraryRead,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const lists = await c.var.db.withUser(
        userId,
        async (tx) => {
          const rows = await tx<{ item_type: string; item_id: string; created_at: Date }[]>`
            select item_type, item_id, created_at from favorites where user_id = ${userId} order by created_at desc`;
          const at = new Map(rows.map((row) => [row.item_id, row.created_at.toISOString()]));
          const ids = (type: string) =>
            rows.filter((row) => row.item_type === type).map((row) => row.item_id);
          const foods = await listFoodsById(tx, userId, ids("food"));
          const meals = await listMealsById(tx, userId, ids("meal"));
          return {
            favoriteFoods: foods.map((food) =>
              foodSchema.parse({ ...food, favorited_at: at.get(food.id) }),
            ),
            favoriteMeals: meals.map((meal) =>
              mealSchema.parse({ ...meal, favorited_at: at.get(meal.id) }),
            ),
          };
        },
        actorId,
      );
      return c.json(lists, 200);
    },
  )
  .openapi({ ...toggleRoute("post"), middleware: diaryWrite }, async (c) => {
    const { type, id } = c.req.valid("param");
    const { userId, actorId } = c.var.auth;
    const found = await c.var.db.withUser(
      userId,
      async (tx) => {
        if (!(await itemExists(tx, userId, type, id))) return false;
        await tx`insert into favorites (user_id, item_type, item_id) values (${userId}, ${type}, ${id}) on conflict do nothing`;
        return true;
      },
      actorId,
    );
    if (!found) throw new HttpError(404, type === "food" ? "Food not found." : "Meal not found.");
    return c.json({ type, id, is_favorite: true }, 200);
  })
  .openapi({ ...toggleRoute("delete"), middleware: diaryWrite }, async (c) => {
    const { type, id } = c.req.valid("param");
    const { userId, actorId } = c.var.auth;
    if (isUuid(id)) {
      await c.var.db.withUser(
        userId,
        (tx) =>
          tx`delete from favorites where user_id = ${userId} and item_type = ${type} and item_id = ${id}`,
        actorId,
      );
    }
    return c.json({ type, id, is_favorite: false }, 200);
  });
