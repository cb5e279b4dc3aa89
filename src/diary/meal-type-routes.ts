import { createRoute, z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import {
  diaryRead,
  diaryWrite,
  errors,
  idParam,
  json,
  jsonBody,
  security,
} from "../foods/route-kit.ts";
import { isUuid } from "../http/path-params.ts";
import { rowsAsCaller } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import {
  createMealType,
  deleteMealType,
  listMealTypes,
  mealTypeInputSchema,
  mealTypeSchema,
  updateMealType,
} from "./meal-types.ts";

const tags = ["Food diary"];
const NOT_FOUND = "Meal type not found (the built-in ones cannot be changed).";
const out = (row: unknown) => mealTypeSchema.parse(row);

export const mealTypeRoutes = createRouter();
mealTypeRoutes
  .openapi(
    {
      ...createRoute({
        method: "get",
        path: "/api/meal-types",
        tags,
        security,
        summary: "Built-in and own meal types",
        responses: {
          200: { description: "Meal types", ...json(z.array(mealTypeSchema)) },
          ...errors,
        },
      }),
      middleware: diaryRead,
    },
    async (c) => {
      const rows = await rowsAsCaller(c, listMealTypes);
      return c.json(rows.map(out), 200);
    },
  )
  .openapi(
    {
      ...createRoute({
        method: "post",
        path: "/api/meal-types",
        tags,
        security,
        summary: "Add a meal type",
        request: jsonBody(mealTypeInputSchema),
        responses: { 201: { description: "Created", ...json(mealTypeSchema) }, ...errors },
      }),
      middleware: diaryWrite,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const input = c.req.valid("json");
      const row = await c.var.db.withUser(
        userId,
        (tx) => createMealType(tx, userId, input),
        actorId,
      );
      return c.json(out(row), 201);
    },
  )
  .openapi(
    {
      ...createRoute({
        method: "put",
        path: "/api/meal-types/{id}",
        tags,
        security,
        summary:
          "Change an own meal type, or one's own visibility, quick log and default time of a built-in one",
        request: { params: idParam("id"), ...jsonBody(mealTypeInputSchema.partial()) },
        responses: { 200: { description: "Updated", ...json(mealTypeSchema) }, ...errors },
      }),
      middleware: diaryWrite,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const row = isUuid(id)
        ? await c.var.db.withUser(userId, (tx) => updateMealType(tx, userId, id, input), actorId)
        : null;
      if (!row) throw new HttpError(404, NOT_FOUND);
      return c.json(out(row), 200);
    },
  )
  .openapi(
    {
      ...createRoute({
        method: "delete",
        path: "/api/meal-types/{id}",
        tags,
        security,
        summary: "Delete an unused own meal type",
        request: { params: idParam("id") },
        responses: {
          204: { description: "Deleted" },
          409: { description: "Still used by diary entries" },
          ...errors,
        },
      }),
      middleware: diaryWrite,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { id } = c.req.valid("param");
      const outcome = isUuid(id)
        ? await c.var.db.withUser(userId, (tx) => deleteMealType(tx, userId, id), actorId)
        : null;
      if (!outcome) throw new HttpError(404, NOT_FOUND);
      if (outcome === "in_use")
        throw new HttpError(409, "This meal type is used by diary entries.");
      return c.body(null, 204);
    },
  );
