import type { Context } from "hono";
import { HttpError } from "../errors.ts";
import { diaryRead, diaryWrite } from "../foods/route-kit.ts";
import type { AppEnv } from "../http/context.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import * as docs from "./entry-route-docs.ts";
import { copyEntriesSchema, createEntrySchema, entrySchema } from "./entry-schemas.ts";
import { copyEntries, deleteEntry, listEntriesInRange } from "./entry-queries.ts";
import { changeFoodEntry, logFoodEntry } from "./entry-service.ts";
import { resolveMealTypeRef } from "./meal-types.ts";
import { refreshSnapshots, snapshotRefreshSchema } from "./snapshot-refresh.ts";
import type { z } from "@hono/zod-openapi";
import { removeDiarySetFiles } from "./entry-images.ts";

const NOT_FOUND = "Food entry not found.";
const out = (entry: unknown) => entrySchema.parse(entry);

function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

async function copy(c: Context<AppEnv>, body: z.infer<typeof copyEntriesSchema>) {
  const { userId, actorId } = c.var.auth;
  return c.var.db.withUser(
    userId,
    async (tx) => {
      const source = body.sourceMealType
        ? await resolveMealTypeRef(tx, userId, body.sourceMealType)
        : null;
      const target = body.targetMealType
        ? await resolveMealTypeRef(tx, userId, body.targetMealType)
        : source;
      const entries = await listEntriesInRange(
        tx,
        userId,
        body.sourceDate,
        body.sourceDate,
        source?.id,
      );
      return (await copyEntries(tx, userId, entries, body.targetDate, target?.id)).map(out);
    },
    actorId,
  );
}

async function createEntry(c: Context<AppEnv>) {
  const input = createEntrySchema.parse(await c.req.json().catch(() => null));
  const { userId, actorId } = c.var.auth;
  const entry = await c.var.db.withUser(userId, (tx) => logFoodEntry(tx, userId, input), actorId);
  return c.json(out(entry), 201);
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
// The phone app posts to /api/food-entries/ and the spec names /foods/update-snapshot.
for (const path of ["/api/food-entries", "/api/food-entries/"])
  entryRoutes.post(path, diaryWrite, createEntry);
for (const path of ["/api/foods/update-snapshot", "/foods/update-snapshot"])
  entryRoutes.post(path, diaryWrite, refresh);

entryRoutes
  .openapi({ ...docs.entriesByDateRoute, middleware: diaryRead }, async (c) => {
    const { date } = c.req.valid("param");
    const { userId, actorId } = c.var.auth;
    // The rows have exactly the schema's columns: no parse per entry on the diary's
    // busiest read.
    const rows = await c.var.db.withUser(
      userId,
      (tx) => listEntriesInRange(tx, userId, date, date),
      actorId,
    );
    return c.json(rows, 200);
  })
  .openapi({ ...docs.entriesRangeRoute, middleware: diaryRead }, async (c) => {
    const { startDate, endDate } = c.req.valid("param");
    if (startDate > endDate) throw new HttpError(400, "startDate must not be after endDate.");
    const { userId, actorId } = c.var.auth;
    const rows = await c.var.db.withUser(
      userId,
      (tx) => listEntriesInRange(tx, userId, startDate, endDate),
      actorId,
    );
    return c.json(rows.map(out), 200);
  })
  .openapi({ ...docs.copyEntriesRoute, middleware: diaryWrite }, async (c) =>
    c.json(await copy(c, c.req.valid("json")), 200),
  )
  .openapi({ ...docs.copyYesterdayRoute, middleware: diaryWrite }, async (c) => {
    const { mealType, targetDate } = c.req.valid("json");
    const body = {
      sourceDate: previousDay(targetDate),
      sourceMealType: mealType,
      targetDate,
      targetMealType: mealType,
    };
    return c.json(await copy(c, body), 200);
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
