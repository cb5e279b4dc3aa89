import { createRoute, z } from "@hono/zod-openapi";
import { access, messageSchema, security } from "../http/route-kit.ts";

/**
 * Pieces the food, meal and diary route declarations share, on top of the project's
 * route kit: a body or response by schema alone, and ids named per route.
 */

export { messageSchema, security };
const errorBody = { content: { "application/json": { schema: z.object({ error: z.string() }) } } };
export const errors = {
  400: { description: "Invalid input; the message names the field", ...errorBody },
  401: { description: "Not signed in", ...errorBody },
  403: { description: "Not permitted", ...errorBody },
  404: { description: "Not found, or not the user's", ...errorBody },
};
export const json = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
});
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { ...json(schema), required: true },
});
/** An id in the path; checked in the handler so a malformed one is simply not found. */
export const idParam = <N extends string>(name: N) =>
  z.object({
    [name]: z.string().openapi({ param: { name, in: "path" }, format: "uuid" }),
  } as Record<N, z.ZodString>);

/** A route declaration with the domain's tags, bearer security and the shared error answers. */
export function routeWith(tags: string[]) {
  return <T extends Parameters<typeof createRoute>[0]>(spec: T) =>
    createRoute({ tags, security, ...spec, responses: { ...errors, ...spec.responses } });
}

// Reads may be made by a read-only grant; every change needs can_manage_diary.
export const libraryRead = access("can_view_food_library", false);
export const diaryRead = access("can_manage_diary", false);
export const diaryWrite = access("can_manage_diary", true);
