import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import {
  access,
  asCaller,
  errorResponses,
  idParam,
  json,
  jsonBody,
  messageSchema,
  routeIn,
} from "../http/route-kit.ts";
import { goalValuesSchema } from "./goal-values.ts";
import { createPreset, deletePreset, listPresets, updatePreset } from "./queries.ts";

const read = access("can_manage_diary", false);
const write = access("can_manage_diary", true);
const route = routeIn(["Goals"]);
const NOT_FOUND = "Goal preset not found.";

const presetName = z.string().trim().min(1).max(255);
const presetSchema = goalValuesSchema
  .extend({ id: z.string(), preset_name: z.string() })
  .openapi("GoalPreset");

/**
 * Named sets of goals, for weekly plans and for applying in one step; the same routes answer
 * under /api/v2/goal-presets, where that kind of server's web client calls them.
 */
const presetRoutesAt = (base: string) =>
  createRouter()
    .openapi(
      route({
        method: "get",
        path: base,
        summary: "The caller's goal presets",
        middleware: read,
        responses: { 200: json(z.array(presetSchema), "Presets by name"), ...errorResponses },
      }),
      async (c) => c.json(await asCaller(c, (tx, u) => listPresets(tx, u)), 200),
    )
    .openapi(
      route({
        method: "post",
        path: base,
        summary: "Add a goal preset",
        middleware: write,
        request: { body: jsonBody(goalValuesSchema.extend({ preset_name: presetName })) },
        responses: { 201: json(presetSchema, "Created"), ...errorResponses },
      }),
      async (c) => {
        const { preset_name, ...values } = c.req.valid("json");
        return c.json(await asCaller(c, (tx, u) => createPreset(tx, u, preset_name, values)), 201);
      },
    )
    .openapi(
      route({
        method: "put",
        path: `${base}/{id}`,
        summary: "Change a preset (only the fields sent)",
        middleware: write,
        request: {
          params: idParam,
          body: jsonBody(goalValuesSchema.extend({ preset_name: presetName.optional() })),
        },
        responses: { 200: json(presetSchema, "Updated"), ...errorResponses },
      }),
      async (c) => {
        const { id } = c.req.valid("param");
        const { preset_name, ...values } = c.req.valid("json");
        const saved = isUuid(id)
          ? await asCaller(c, (tx, u) => updatePreset(tx, u, id, { preset_name, values }))
          : undefined;
        if (!saved) throw new HttpError(404, NOT_FOUND);
        return c.json(saved, 200);
      },
    )
    .openapi(
      route({
        method: "delete",
        path: `${base}/{id}`,
        summary: "Delete a preset (weekly plans lose that weekday's preset)",
        middleware: write,
        request: { params: idParam },
        responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
      }),
      async (c) => {
        const { id } = c.req.valid("param");
        const deleted = isUuid(id) && (await asCaller(c, (tx, u) => deletePreset(tx, u, id)));
        if (!deleted) throw new HttpError(404, NOT_FOUND);
        return c.json({ message: "Goal preset deleted." }, 200);
      },
    );

export const presetRoutes = createRouter()
  .route("/", presetRoutesAt("/api/goal-presets"))
  .route("/", presetRoutesAt("/api/v2/goal-presets"));
