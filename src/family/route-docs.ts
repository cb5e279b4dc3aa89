import { createRoute, z } from "@hono/zod-openapi";
import { errorContent } from "../auth/schemas.ts";
import { grantCreate, grantSchema, grantUpdate } from "./schemas.ts";

/** OpenAPI declarations of the grant routes; handlers live in routes.ts. */

export const GRANTS_PATH = "/api/identity/family-access";

const tags = ["Family sharing"];
const security = [{ bearerAuth: [] }];
const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const errors = {
  400: { description: "Invalid input; the message names the field", content: errorContent },
  401: { description: "Not signed in", content: errorContent },
  403: { description: "Not the owner (switched context), API key or demo", content: errorContent },
};
const idParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });
const notFound = { 404: { description: "No such grant of yours", content: errorContent } };

export const listGrantsRoute = createRoute({
  method: "get",
  path: GRANTS_PATH,
  summary: "The grants you made: who may act on your data, with which permissions",
  tags,
  security,
  responses: { 200: { description: "Grants", ...json(z.array(grantSchema)) }, ...errors },
});

export const createGrantRoute = createRoute({
  method: "post",
  path: GRANTS_PATH,
  summary: "Share your data with another account, named by email (flags left out are false)",
  tags,
  security,
  request: { body: { ...json(grantCreate), required: true } },
  responses: {
    201: { description: "Created", ...json(grantSchema) },
    ...errors,
    404: { description: "No account with that email", content: errorContent },
    409: { description: "A grant to that account exists already", content: errorContent },
  },
});

export const updateGrantRoute = createRoute({
  method: "put",
  path: `${GRANTS_PATH}/{id}`,
  summary: "Change a grant's permissions, end date or active flag (fields left out stay)",
  tags,
  security,
  request: { params: idParam, body: { ...json(grantUpdate), required: true } },
  responses: { 200: { description: "Updated", ...json(grantSchema) }, ...errors, ...notFound },
});

export const deleteGrantRoute = createRoute({
  method: "delete",
  path: `${GRANTS_PATH}/{id}`,
  summary: "Stop sharing: the delegate loses access on their next request",
  tags,
  security,
  request: { params: idParam },
  responses: {
    200: { description: "Deleted", ...json(z.object({ message: z.string() })) },
    ...errors,
    ...notFound,
  },
});
