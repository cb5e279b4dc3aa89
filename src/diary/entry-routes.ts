import type { Context } from "hono";
import { HttpError } from "../errors.ts";
import { diaryRead, diaryWrite } from "../foods/route-kit.ts";
import type { AppEnv } from "../http/context.ts";
import { isUuid } from "../http/path-params.ts";
import { answerJsonBuiltBy, asCaller } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import * as docs from "./entry-route-docs.ts";
import { createEntrySchema, entrySchema, type Entry } from "./entry-schemas.ts";
import { deleteEntry, entriesJsonInRange } from "./entry-queries.ts";
import {
  changeFoodEntry,
  copyDiaryEntries,
  copyFromYesterday,
  logFoodEntry,
} from "./entry-service.ts";
import { refreshSnapshots, snapshotRefreshSchema } from "./snapshot-refresh.ts";
import { removeDiarySetFiles } from "./entry-images.ts";

const NOT_FOUND = "Food entry not found.";
const out = (entry: unknown) => entrySchema.parse(entry);

async function createEntry(c: Context<AppEnv>) {
  const input = createEntrySchema.parse(await c.req.json().catch(() => null));
  const { userId, actorId } = c.var.auth;
  const entry = await c.var.db.withUser(userId, (tx) => logFoodEntry(tx, userId, input), actorId);
  return c.json(out(entry), 201);
}

/** The entries of a range of days, as the JSON text PostgreSQL built. */
function entriesAnswer(c: Context<AppEnv>, from: string, to: string) {
  return answerJsonBuiltBy<Entry[]>(c, (sql, userId) => entriesJsonInRange(sql, userId, from, to));
}

async function refresh(c: Context<AppEnv>) {
  const body = snapshotRefreshSchema.parse(await c.req.json().catch(() => null));
  const { userId, actorId } = c.var.auth;
  const count = await c.var.db.withUser(
    userId,
    (tx) =>
      refreshSnapshots(tx, userId, body.foodId, body.variantId ?? null, body.syncImages ?? false),
    actorId,
  );
  return c.json({ message: `Updated ${count} diary entries.`, updatedCount: count }, 200);
}

export const entryRoutes = createRouter();
entryRoutes.openAPIRegistry.registerPath(docs.createEntryRoute);
entryRoutes.openAPIRegistry.registerPath(docs.snapshotRoute);
// The app's /api/food-entries/ reaches this route through the app's trailing-slash rule;
// the spec also names /foods/update-snapshot.
entryRoutes.post("/api/food-entries", diaryWrite, createEntry);
for (const path of ["/api/foods/update-snapshot", "/foods/update-snapshot"])
  entryRoutes.post(path, diaryWrite, refresh);

entryRoutes
  .openapi({ ...docs.entriesByDateRoute, middleware: diaryRead }, async (c) => {
    const { date } = c.req.valid("param");
    return entriesAnswer(c, date, date);
  })
  .openapi({ ...docs.entriesRangeRoute, middleware: diaryRead }, async (c) => {
    const { startDate, endDate } = c.req.valid("param");
    if (startDate > endDate) throw new HttpError(400, "startDate must not be after endDate.");
    return entriesAnswer(c, startDate, endDate);
  })
  .openapi({ ...docs.copyEntriesRoute, middleware: diaryWrite }, async (c) => {
    const body = c.req.valid("json");
    const copies = await asCaller(c, (tx, userId) => copyDiaryEntries(tx, userId, body));
    return c.json(copies.map(out), 200);
  })
  .openapi({ ...docs.copyYesterdayRoute, middleware: diaryWrite }, async (c) => {
    const { mealType, targetDate } = c.req.valid("json");
    const copies = await asCaller(c, (tx, userId) =>
      copyFromYesterday(tx, userId, targetDate, mealType),
    );
    return c.json(copies.map(out), 200);
  })
  .openapi({ ...docs.updateEntryRoute, middleware: diaryWrite }, async (c) => {
    const { id } = c.req.valid("param");
    const { userId, actorId } = c.var.auth;
    const input = c.req.valid("json");
    const entry = isUuid(id)
      ? await c.var.db.withUser(userId, (tx) => changeFoodEntry(tx, userId, id, input), actorId)
      : null;
    if (!entry) throw new HttpError(404, NOT_FOUND);
    return c.json(out(entry), 200);
  })
  .openapi({ ...docs.deleteEntryRoute, middleware: diaryWrite }, async (c) => {
    const { id } = c.req.valid("param");
    const { userId, actorId } = c.var.auth;
    const images = isUuid(id)
      ? await c.var.db.withUser(userId, (tx) => deleteEntry(tx, userId, id), actorId)
      : null;
    if (!images) throw new HttpError(404, NOT_FOUND);
    await removeDiarySetFiles(c.var, images);
    return c.json({ message: "Food entry deleted successfully." }, 200);
  });
