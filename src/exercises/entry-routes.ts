import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import {
  asCaller,
  errorResponses,
  idParam,
  json,
  jsonBody,
  messageSchema,
  routeIn,
} from "../http/route-kit.ts";
import { getEntry } from "../workouts/read-queries.ts";
import { accessWithCatalogue } from "./catalogue-ready.ts";
import { createManualEntry, deleteEntry, updateEntry } from "./entry-queries.ts";
import { entryInput, entrySchema, entryUpdate } from "./entry-schemas.ts";
import { detectRecords } from "./records.ts";

const write = accessWithCatalogue("can_manage_diary", true);
const route = routeIn(["Exercise"]);
const NOT_FOUND = "Exercise entry not found.";

/** Manual cardio and strength entries; records are detected as they are saved. */
export const manualEntryRoutes = createRouter()
  .openapi(
    route({
      method: "post",
      path: "/api/exercise-entries",
      summary: "Log an exercise: cardio (duration, distance, heart rate) or strength (sets)",
      middleware: write,
      request: { body: jsonBody(entryInput) },
      responses: {
        201: json(entrySchema, "Created, with any personal records it set"),
        ...errorResponses,
      },
    }),
    async (c) => {
      const input = c.req.valid("json");
      const saved = await asCaller(c, async (tx, u) => {
        const id = await createManualEntry(tx, u, input);
        const personal_records = await detectRecords(tx, u, id);
        return { ...(await getEntry(tx, u, id))!, personal_records };
      });
      return c.json(saved, 201);
    },
  )
  .openapi(
    route({
      method: "put",
      path: "/api/exercise-entries/{id}",
      summary: "Change an entry (only the fields sent; sets sent replace the old ones)",
      middleware: write,
      request: { params: idParam, body: jsonBody(entryUpdate) },
      responses: { 200: json(entrySchema, "Updated"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const saved =
        isUuid(id) &&
        (await asCaller(c, async (tx, u) => {
          if (!(await updateEntry(tx, u, id, input))) return null;
          const personal_records = await detectRecords(tx, u, id);
          return { ...(await getEntry(tx, u, id))!, personal_records };
        }));
      if (!saved) throw new HttpError(404, NOT_FOUND);
      return c.json(saved, 200);
    },
  )
  .openapi(
    route({
      method: "delete",
      path: "/api/exercise-entries/{id}",
      summary: "Delete an entry with its sets, telemetry and the records it held",
      middleware: write,
      request: { params: idParam },
      responses: { 200: json(messageSchema, "Deleted"), ...errorResponses },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const deleted = isUuid(id) && (await asCaller(c, (tx, u) => deleteEntry(tx, u, id)));
      if (!deleted) throw new HttpError(404, NOT_FOUND);
      return c.json({ message: "Exercise entry deleted." }, 200);
    },
  );
