import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import {
  asCaller,
  errorResponses,
  idParam,
  json,
  messageSchema,
  routeIn,
} from "../http/route-kit.ts";
import { accessWithCatalogue } from "./catalogue-ready.ts";
import {
  blockDemoPhotos,
  exerciseForm,
  readExerciseBody,
  removeExercisePhotos,
  withExercisePhotos,
} from "./exercise-body.ts";
import {
  addExerciseImages,
  createCustomExercise,
  deleteCustomExercise,
  getExercise,
  updateCustomExercise,
  type CustomExercise,
} from "./exercise-queries.ts";
import {
  customExerciseInput,
  customExerciseUpdate,
  exerciseFields,
  exerciseSchema,
} from "./exercise-schemas.ts";

// Changed only with can_manage_diary (spec's permission table).
const write = accessWithCatalogue("can_manage_diary", true);
const route = routeIn(["Exercises"]);
const NOT_FOUND = "Exercise not found.";

// JSON, or the app's multipart form; either is checked against `schema` in the handler.
const exerciseBody = (schema: z.ZodType) => ({
  content: {
    "application/json": { schema },
    "multipart/form-data": { schema: exerciseForm },
  },
});

/** The user's own exercises: created, changed (with photos) and deleted. */
export const customExerciseRoutes = createRouter()
  .openapi(
    route({
      method: "post",
      path: "/api/exercises",
      summary: "Add a custom exercise (JSON, or multipart: exerciseData JSON and images)",
      middleware: [write, blockDemoPhotos] as const,
      request: { body: exerciseBody(customExerciseInput) },
      responses: { 201: json(exerciseSchema, "Created"), ...errorResponses },
    }),
    async (c) => {
      const { input, photos } = await readExerciseBody(c, customExerciseInput, c.req.valid("json"));
      const data: CustomExercise = {
        category: null,
        primary_muscles: [],
        secondary_muscles: [],
        equipment: [],
        met: null,
        level: null,
        mechanic: null,
        force: null,
        instructions: [],
        description: null,
        ...exerciseFields(input),
      };
      const created = await withExercisePhotos(c, photos, (images) =>
        asCaller(c, (tx, u) => createCustomExercise(tx, u, { ...data, images })),
      );
      return c.json(created, 201);
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/exercises/{id}",
      summary:
        "Change a custom exercise (only the fields sent; images sent are added); catalogue rows are read-only",
      middleware: [write, blockDemoPhotos] as const,
      request: { params: idParam, body: exerciseBody(customExerciseUpdate) },
      responses: { 200: json(exerciseSchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const body = await readExerciseBody(c, customExerciseUpdate, c.req.valid("json"));
      const changes = exerciseFields(body.input);
      const saved = isUuid(id)
        ? await withExercisePhotos(c, body.photos, (images) =>
            asCaller(c, async (tx, u) => {
              const found = await updateCustomExercise(tx, u, id, changes);
              if (!found || images.length === 0) return found;
              await addExerciseImages(tx, u, id, images);
              return getExercise(tx, u, id);
            }),
          )
        : undefined;
      if (!saved) throw new HttpError(404, NOT_FOUND);
      return c.json(saved, 200);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/exercises/{id}",
      summary: "Delete a custom exercise no entry or preset uses",
      middleware: write,
      request: { params: idParam },
      responses: {
        200: json(messageSchema, "Deleted"),
        ...errorResponses,
        409: json(z.object({ error: z.string() }), "Still used by entries or presets"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const outcome = isUuid(id)
        ? await asCaller(c, (tx, u) => deleteCustomExercise(tx, u, id))
        : "missing";
      if (outcome === "missing") throw new HttpError(404, NOT_FOUND);
      if (outcome === "in_use")
        throw new HttpError(409, "This exercise is used by diary entries or presets.");
      await removeExercisePhotos(c, outcome.images);
      return c.json({ message: "Exercise deleted." }, 200);
    },
  );
