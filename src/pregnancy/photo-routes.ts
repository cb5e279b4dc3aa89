import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../http/context.ts";
import { HttpError } from "../errors.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { createRouter } from "../http/router.ts";
import {
  bearerSecurity as security,
  errorResponses,
  found,
  idParams,
  json,
  requireId,
} from "../http/openapi-kit.ts";
import { requireCalendarDate } from "../http/path-params.ts";
import { calendarDay } from "../lib/calendar-day.ts";
import { sniffImage } from "../lib/image-sniff.ts";
import { inUserTx } from "../http/user-tx.ts";
import { dayInZone, userZone } from "../database/user-zone.ts";
import { openUpload, removeUpload, saveUpload } from "../storage/uploads.ts";
import { ownerRead, ownerWrite } from "../cycle/access.ts";
import { gestationOn } from "./gestation.ts";
import { deleteRow, findPregnancy, insertRow, listForPregnancy } from "./queries.ts";

const BASE = "/api/v2/pregnancy/photos";
const tags = ["Pregnancy"];
const NOT_FOUND = "Photo not found.";
const anyObject = z.object({}).passthrough();

export const bumpPhotoRoutes = createRouter();
bumpPhotoRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: "post",
    path: `${BASE}/{pregnancyId}`,
    summary: "Upload a bump photo (multipart: photo, optional entry_date and notes)",
    tags,
    security,
    request: {
      params: idParams("pregnancyId"),
      body: {
        content: {
          "multipart/form-data": {
            schema: z.object({
              photo: z.any(),
              entry_date: calendarDay.optional(),
              notes: z.string().optional(),
            }),
          },
        },
      },
    },
    responses: { 201: { description: "Stored", ...json(anyObject) }, ...errorResponses },
  }),
);

// The phone app's upload: everything in the form, its week chosen on the phone.
bumpPhotoRoutes.openAPIRegistry.registerPath(
  createRoute({
    method: "post",
    path: BASE,
    summary: "Upload a bump photo (multipart: pregnancy_id, week, optional notes, photo)",
    tags,
    security,
    request: {
      body: {
        content: {
          "multipart/form-data": {
            schema: z.object({
              pregnancy_id: z.uuid(),
              week: z.coerce.number().int().min(0).max(45).optional(),
              notes: z.string().optional(),
              photo: z.any(),
            }),
          },
        },
      },
    },
    responses: { 201: { description: "Stored", ...json(anyObject) }, ...errorResponses },
  }),
);

bumpPhotoRoutes.post(BASE, ownerWrite, blockDemoAccount(), async (c) => {
  const form = await c.req.formData().catch(() => null);
  const pregnancyId = requireId(text(form, "pregnancy_id") ?? undefined, "Pregnancy not found.");
  return c.json(await saveBumpPhoto(c, pregnancyId, form), 201);
});

// Bump photos are never shared: the files live under pregnancy/<user>/ in the uploads tree,
// which no static mount serves, and are read only here after the owner-only row is found.
bumpPhotoRoutes.post(`${BASE}/:pregnancyId`, ownerWrite, blockDemoAccount(), async (c) => {
  const pregnancyId = requireId(c.req.param("pregnancyId"), "Pregnancy not found.");
  const form = await c.req.formData().catch(() => null);
  return c.json(await saveBumpPhoto(c, pregnancyId, form), 201);
});

const text = (form: FormData | null, name: string) => {
  const value = form?.get(name);
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
};

/** The week sent (0-45), or null to take the pregnancy's week on the photo's day. */
function sentWeek(form: FormData | null): number | null {
  const week = text(form, "week");
  if (week === null) return null;
  if (!/^\d{1,2}$/.test(week) || Number(week) > 45) {
    throw new HttpError(400, "week must be a whole number from 0 to 45.");
  }
  return Number(week);
}

async function saveBumpPhoto(c: Context<AppEnv>, pregnancyId: string, form: FormData | null) {
  const file = form?.get("photo");
  if (!(file instanceof File) || file.size === 0) {
    throw new HttpError(
      400,
      'No photo uploaded: send multipart/form-data with the image in field "photo".',
    );
  }
  const week = sentWeek(form);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = await sniffImage(bytes);
  if (!sniffed) {
    throw new HttpError(400, "The photo must be a JPEG, PNG, GIF or WebP image.");
  }
  const entryDay = text(form, "entry_date");
  const notes = text(form, "notes");
  const { userId } = c.var.auth;
  const root = c.var.config.uploadsDir;
  const filePath = `pregnancy/${userId}/${crypto.randomUUID()}.${sniffed.ext}`;
  await saveUpload(root, filePath, bytes);
  try {
    return await inUserTx(c, async (tx) => {
      const pregnancy = found(await findPregnancy(tx, userId, pregnancyId), "Pregnancy not found.");
      const day = entryDay
        ? requireCalendarDate(entryDay, "entry_date")
        : dayInZone(new Date(), await userZone(tx));
      const gestationWeek = gestationOn(pregnancy.due_date, day).weeks;
      return insertRow(tx, "pregnancy_photos", {
        user_id: userId,
        pregnancy_id: pregnancyId,
        week: week ?? Math.min(45, Math.max(0, gestationWeek)),
        entry_date: day,
        file_path: filePath,
        mime_type: sniffed.mime,
        notes: notes?.slice(0, 2000) ?? null,
      });
    });
  } catch (error) {
    await removeUpload(root, filePath);
    throw error;
  }
}

bumpPhotoRoutes
  .openapi(
    createRoute({
      method: "get",
      path: BASE,
      tags,
      security,
      middleware: ownerRead,
      summary: "Bump photos of a pregnancy by date",
      request: { query: z.object({ pregnancy_id: z.uuid() }) },
      responses: { 200: { description: "Photos", ...json(z.array(anyObject)) }, ...errorResponses },
    }),
    async (c) => {
      const { pregnancy_id } = c.req.valid("query");
      const rows = await inUserTx(c, (tx) =>
        listForPregnancy(tx, "pregnancy_photos", c.var.auth.userId, pregnancy_id, "entry_date"),
      );
      return c.json(rows, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: `${BASE}/file/{id}`,
      tags,
      security,
      middleware: ownerRead,
      summary: "The image bytes: the only way to read a bump photo",
      request: { params: idParams("id") },
      responses: { 200: { description: "Image" }, ...errorResponses },
    }),
    async (c) => {
      const id = requireId(c.req.valid("param").id, NOT_FOUND);
      const { userId } = c.var.auth;
      const row = await inUserTx(c, async (tx) => {
        const [photo] = await tx<{ file_path: string; mime_type: string }[]>`
          select file_path, mime_type from pregnancy_photos where id = ${id} and user_id = ${userId}`;
        return photo;
      });
      const photo = found(row, NOT_FOUND);
      const file = found(await openUpload(c.var.config.uploadsDir, photo.file_path), NOT_FOUND);
      return c.body(await file.arrayBuffer(), 200, {
        "Content-Type": photo.mime_type,
        "Cache-Control": "private, no-store",
      });
    },
  )
  .openapi(
    createRoute({
      method: "delete",
      path: `${BASE}/{id}`,
      tags,
      security,
      middleware: ownerWrite,
      summary: "Delete a bump photo and its file",
      request: { params: idParams("id") },
      responses: { 204: { description: "Deleted" }, ...errorResponses },
    }),
    async (c) => {
      const id = requireId(c.req.valid("param").id, NOT_FOUND);
      const { userId } = c.var.auth;
      const filePath = await inUserTx(c, async (tx) => {
        const [photo] = await tx<{ file_path: string }[]>`
          select file_path from pregnancy_photos where id = ${id} and user_id = ${userId}`;
        if (photo) await deleteRow(tx, "pregnancy_photos", userId, id);
        return photo?.file_path;
      });
      await removeUpload(c.var.config.uploadsDir, found(filePath, NOT_FOUND));
      return c.body(null, 204);
    },
  );
