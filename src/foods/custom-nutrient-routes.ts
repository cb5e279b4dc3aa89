import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import {
  diaryWrite,
  errors,
  idParam,
  json,
  jsonBody,
  libraryRead,
  routeWith,
} from "./route-kit.ts";

/** The user's own nutrients; a variant's `custom_nutrients` holds their values by name. */

const tags = ["Foods"];
const nutrientSchema = z
  .object({ id: z.uuid(), name: z.string(), unit: z.string() })
  .openapi("CustomNutrient");
const inputSchema = z.object({
  name: z.string().trim().min(1, { error: "is required" }).max(100),
  unit: z.string().trim().min(1, { error: "is required" }).max(20),
});
const NOT_FOUND = "Custom nutrient not found.";
const route = routeWith(tags);
const one = { description: "The nutrient", ...json(nutrientSchema) };

export const customNutrientRoutes = createRouter();
customNutrientRoutes
  .openapi(
    {
      ...route({
        method: "get",
        path: "/api/custom-nutrients",
        summary: "The user's own nutrients",
        responses: { 200: { description: "Nutrients", ...json(z.array(nutrientSchema)) } },
      }),
      middleware: libraryRead,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const rows = await c.var.db.withUser(
        userId,
        (tx) =>
          tx<
            z.infer<typeof nutrientSchema>[]
          >`select id, name, unit from user_custom_nutrients where user_id = ${userId} order by lower(name)`,
        actorId,
      );
      return c.json(rows, 200);
    },
  )
  .openapi(
    {
      ...route({
        method: "post",
        path: "/api/custom-nutrients",
        summary: "Add a nutrient (409 when the name exists)",
        request: jsonBody(inputSchema),
        responses: { 201: one },
      }),
      middleware: diaryWrite,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { name, unit } = c.req.valid("json");
      const [row] = await c.var.db.withUser(
        userId,
        (tx) => tx<z.infer<typeof nutrientSchema>[]>`
          insert into user_custom_nutrients (user_id, name, unit) values (${userId}, ${name}, ${unit}) returning id, name, unit`,
        actorId,
      );
      return c.json(row!, 201);
    },
  )
  .openapi(
    {
      ...route({
        method: "put",
        path: "/api/custom-nutrients/{id}",
        summary: "Rename a nutrient or change its unit",
        request: { params: idParam("id"), ...jsonBody(inputSchema) },
        responses: { 200: one },
      }),
      middleware: diaryWrite,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { id } = c.req.valid("param");
      const { name, unit } = c.req.valid("json");
      const [row] = isUuid(id)
        ? await c.var.db.withUser(
            userId,
            (tx) => tx<z.infer<typeof nutrientSchema>[]>`
              update user_custom_nutrients set name = ${name}, unit = ${unit}, updated_at = now()
               where id = ${id} and user_id = ${userId} returning id, name, unit`,
            actorId,
          )
        : [];
      if (!row) throw new HttpError(404, NOT_FOUND);
      return c.json(row, 200);
    },
  )
  .openapi(
    {
      ...route({
        method: "delete",
        path: "/api/custom-nutrients/{id}",
        summary: "Delete a nutrient",
        request: { params: idParam("id") },
        responses: { 204: { description: "Deleted" } },
      }),
      middleware: diaryWrite,
    },
    async (c) => {
      const { userId, actorId } = c.var.auth;
      const { id } = c.req.valid("param");
      const deleted = isUuid(id)
        ? await c.var.db.withUser(
            userId,
            (tx) => tx`delete from user_custom_nutrients where id = ${id} and user_id = ${userId}`,
            actorId,
          )
        : { count: 0 };
      if (deleted.count === 0) throw new HttpError(404, NOT_FOUND);
      return c.body(null, 204);
    },
  );
