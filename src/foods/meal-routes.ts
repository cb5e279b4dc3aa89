import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { createRouter } from "../http/router.ts";
import {
  deleteMeal,
  findMeal,
  insertMeal,
  listLoggedMeals,
  mealDeletionImpact,
  searchMeals,
  updateMeal,
} from "./meal-queries.ts";
import { multipartImages } from "./image-upload.ts";
import { mealInputSchema, mealSchema } from "./meal-schemas.ts";
import {
  diaryWrite,
  errors,
  idParam,
  json,
  jsonBody,
  libraryRead,
  messageSchema,
  routeWith,
} from "./route-kit.ts";
import { searchPattern } from "../lib/search-text.ts";

const tags = ["Meals"];
const NOT_FOUND = "Meal not found.";
const out = (meal: unknown) => mealSchema.parse(meal);
const route = routeWith(tags);
// JSON, or the phone app's multipart form: the meal in mealData, photos as files (image-upload.ts).
const withMealPhotos = [diaryWrite, multipartImages("mealData")];
const meals = { description: "Meal templates", ...json(z.array(mealSchema)) };
const limit = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });

export const mealRoutes = createRouter();
// Registered before /api/meals/{id}, which would otherwise take "recent" and "top" for an id.
for (const order of ["recent", "top"] as const) {
  mealRoutes.openapi(
    {
      ...route({
        method: "get",
        path: `/api/meals/${order}`,
        summary: order === "recent" ? "Recently logged templates" : "Most logged templates",
        request: { query: limit },
        responses: { 200: meals },
      }),
      middleware: libraryRead,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { limit: max } = c.req.valid("query");
      const rows = await c.var.db.withUser(
        userId,
        (tx) => listLoggedMeals(tx, userId, order, max),
        actorId,
      );
      return c.json(rows.map(out), 200);
    },
  );
}
mealRoutes
  .openapi(
    {
      ...route({
        method: "get",
        path: "/api/meals",
        summary: "All meal templates",
        responses: { 200: meals },
      }),
      middleware: libraryRead,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      return c.json(
        (await c.var.db.withUser(userId, (tx) => searchMeals(tx, userId, null, 1000), actorId)).map(
          out,
        ),
        200,
      );
    },
  )
  .openapi(
    {
      ...route({
        method: "get",
        path: "/api/meals/search",
        summary: "Templates by name (case- and accent-insensitive)",
        request: { query: limit.extend({ searchTerm: z.string().max(200).default("") }) },
        responses: { 200: meals },
      }),
      middleware: libraryRead,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { searchTerm, limit: max } = c.req.valid("query");
      const rows = await c.var.db.withUser(
        userId,
        (tx) => searchMeals(tx, userId, searchTerm.trim() ? searchPattern(searchTerm) : null, max),
        actorId,
      );
      return c.json(rows.map(out), 200);
    },
  )
  .openapi(
    {
      ...route({
        method: "get",
        path: "/api/meals/{id}/deletion-impact",
        summary: "Whether logged meals came from this template",
        request: { params: idParam("id") },
        responses: {
          200: {
            description: "Impact",
            ...json(z.object({ usedByOtherUsers: z.boolean(), usedByCurrentUser: z.boolean() })),
          },
        },
      }),
      middleware: libraryRead,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { id } = c.req.valid("param");
      const impact = await c.var.db.withUser(
        userId,
        async (tx) =>
          (await findMeal(tx, userId, id)) ? mealDeletionImpact(tx, userId, id) : null,
        actorId,
      );
      if (!impact) throw new HttpError(404, NOT_FOUND);
      return c.json(impact, 200);
    },
  )
  .openapi(
    {
      ...route({
        method: "get",
        path: "/api/meals/{id}",
        summary: "A template with its foods",
        request: { params: idParam("id") },
        responses: { 200: { description: "The template", ...json(mealSchema) } },
      }),
      middleware: libraryRead,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { id } = c.req.valid("param");
      const meal = await c.var.db.withUser(userId, (tx) => findMeal(tx, userId, id), actorId);
      if (!meal) throw new HttpError(404, NOT_FOUND);
      return c.json(out(meal), 200);
    },
  )
  .openapi(
    {
      ...route({
        method: "post",
        path: "/api/meals",
        summary: "Create a template",
        request: jsonBody(mealInputSchema),
        responses: { 201: { description: "Created", ...json(mealSchema) } },
      }),
      middleware: withMealPhotos,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const input = c.req.valid("json");
      const meal = await c.var.db.withUser(
        userId,
        async (tx) => findMeal(tx, userId, await insertMeal(tx, userId, input)),
        actorId,
      );
      return c.json(out(meal), 201);
    },
  )
  .openapi(
    {
      ...route({
        method: "put",
        path: "/api/meals/{id}",
        summary: "Change a template (sent foods replace its list)",
        request: { params: idParam("id"), ...jsonBody(mealInputSchema.partial()) },
        responses: { 200: { description: "Updated", ...json(mealSchema) } },
      }),
      middleware: withMealPhotos,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const meal = await c.var.db.withUser(
        userId,
        async (tx) =>
          (await findMeal(tx, userId, id)) && (await updateMeal(tx, userId, id, input))
            ? findMeal(tx, userId, id)
            : null,
        actorId,
      );
      if (!meal) throw new HttpError(404, NOT_FOUND);
      return c.json(out(meal), 200);
    },
  )
  .openapi(
    {
      ...route({
        method: "delete",
        path: "/api/meals/{id}",
        summary: "Delete a template; logged meals keep their entries",
        request: { params: idParam("id") },
        responses: { 200: { description: "Deleted", ...json(messageSchema) } },
      }),
      middleware: diaryWrite,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { id } = c.req.valid("param");
      const deleted = await c.var.db.withUser(
        userId,
        async (tx) => Boolean(await findMeal(tx, userId, id)) && deleteMeal(tx, userId, id),
        actorId,
      );
      if (!deleted) throw new HttpError(404, NOT_FOUND);
      return c.json({ message: "Meal deleted successfully." }, 200);
    },
  );
