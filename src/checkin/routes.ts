import type { Context, MiddlewareHandler } from "hono";
import { HttpError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";
import { isUuid, requireCalendarDate } from "../http/path-params.ts";
import { access, rowsAsCaller } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import {
  CHECK_IN_PATH,
  deleteCheckInRoute,
  getCheckInRoute,
  latestOnOrBeforeRoute,
  postCheckInRoute,
  putCheckInRoute,
  rangeRoute,
} from "./route-docs.ts";
import {
  deleteCheckIn,
  latestCheckInOnOrBefore,
  listCheckInsInRange,
  updateCheckIn,
  upsertCheckIn,
} from "./queries.ts";
import { measurementFieldsSchema, parseJsonObject } from "./schemas.ts";

// Reads follow the read-downgrade (a read-only family grant may read); changes need write.
const readAccess: MiddlewareHandler<AppEnv> = access("can_manage_checkin", false);
const writeAccess: MiddlewareHandler<AppEnv> = access("can_manage_checkin", true);

const ENTRY_DATE_REQUIRED = "Entry date is required.";
const NOT_FOUND_UPDATE = "Check-in measurement not found or not authorized to update.";
const NOT_FOUND_DELETE = "Check-in measurement not found or not authorized to delete.";

/** The request's measurement fields; validation failures name the field (400). */
async function readMeasurements(c: Context<AppEnv>) {
  const body = parseJsonObject(await c.req.text());
  return { body, fields: measurementFieldsSchema.parse(body) };
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

export const checkInRoutes = createRouter();
checkInRoutes.openAPIRegistry.registerPath(postCheckInRoute);
checkInRoutes.openAPIRegistry.registerPath(putCheckInRoute);

// Hand-validated rather than declared with zod: a missing date needs the spec's exact message.
checkInRoutes.post(CHECK_IN_PATH, writeAccess, async (c) => {
  const { body, fields } = await readMeasurements(c);
  if (isMissing(body.entry_date)) throw new HttpError(400, ENTRY_DATE_REQUIRED);
  const entryDate = requireCalendarDate(body.entry_date, "entry_date");
  const { userId, actorId } = c.var.auth;
  const data = await c.var.db.withUser(
    userId,
    (tx) => upsertCheckIn(tx, userId, entryDate, fields),
    actorId,
  );
  // The spec's {message, data}, with the row's fields beside them: the phone app caches the
  // answer itself as the day's CheckInMeasurement.
  return c.json({ ...data, message: "Check-in measurements saved successfully.", data }, 200);
});

checkInRoutes.put(`${CHECK_IN_PATH}/:entry_date`, writeAccess, async (c) => {
  const entryDate = requireCalendarDate(c.req.param("entry_date"), "entry_date");
  const { fields } = await readMeasurements(c);
  const { userId, actorId } = c.var.auth;
  const row = await c.var.db.withUser(
    userId,
    (tx) => updateCheckIn(tx, userId, entryDate, fields),
    actorId,
  );
  if (!row) throw new HttpError(404, NOT_FOUND_UPDATE);
  return c.json(row, 200);
});

// A missing path parameter arrives as an empty segment (or none); Hono matches neither to
// the parameterised routes, so these answer with the spec's messages instead of a bare 404.
for (const path of [CHECK_IN_PATH, `${CHECK_IN_PATH}/`]) {
  checkInRoutes.get(path, readAccess, () => {
    throw new HttpError(400, "Date is required.");
  });
  checkInRoutes.put(path, writeAccess, () => {
    throw new HttpError(400, ENTRY_DATE_REQUIRED);
  });
  checkInRoutes.delete(path, writeAccess, () => {
    throw new HttpError(400, "Check-in Measurement ID is required.");
  });
}

checkInRoutes
  // Before the :date route, which would otherwise take "latest-on-or-before-date" for a date.
  .openapi({ ...latestOnOrBeforeRoute, middleware: readAccess }, async (c) => {
    const { date } = c.req.valid("query");
    const { userId, actorId } = c.var.auth;
    const row = await c.var.db.withUser(
      userId,
      (tx) => latestCheckInOnOrBefore(tx, userId, date),
      actorId,
    );
    return c.json(row ?? {}, 200);
  })
  .openapi({ ...getCheckInRoute, middleware: readAccess }, async (c) => {
    const date = requireCalendarDate(c.req.valid("param").date, "date");
    const [row] = await rowsAsCaller(c, (tx, userId) =>
      listCheckInsInRange(tx, userId, date, date),
    );
    return c.json(row ?? {}, 200);
  })
  .openapi({ ...deleteCheckInRoute, middleware: writeAccess }, async (c) => {
    const { id } = c.req.valid("param");
    const { userId, actorId } = c.var.auth;
    const deleted =
      isUuid(id) &&
      (await c.var.db.withUser(userId, (tx) => deleteCheckIn(tx, userId, id), actorId));
    if (!deleted) throw new HttpError(404, NOT_FOUND_DELETE);
    return c.json({ message: "Check-in measurement deleted successfully." }, 200);
  })
  .openapi({ ...rangeRoute, middleware: readAccess }, async (c) => {
    const params = c.req.valid("param");
    const startDate = requireCalendarDate(params.startDate, "startDate");
    const endDate = requireCalendarDate(params.endDate, "endDate");
    if (startDate > endDate) throw new HttpError(400, "startDate must not be after endDate.");
    const rows = await rowsAsCaller(c, (tx, userId) =>
      listCheckInsInRange(tx, userId, startDate, endDate),
    );
    return c.json(rows, 200);
  });
