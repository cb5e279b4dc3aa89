import { createRoute, z } from "@hono/zod-openapi";
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
import { dayInZone, userZone } from "../lib/user-zone.ts";
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

// Bump photos are never shared: the files live under pregnancy/<user>/ in the uploads tree,
// which no static mount serves, and are read only here after the owner-only row is found.
bumpPhotoRoutes.post(`${BASE}/:pregnancyId`, ownerWrite, blockDemoAccount(), async (c) => {
  const pregnancyId = requireId(c.req.param("pregnancyId"), "Pregnancy not found.");
  const form = await c.req.formData().catch(() => null);
  const file = form?.get("photo");
  if (!(file instanceof File) || file.size === 0) {
    throw new HttpError(
      400,
      'No photo uploaded: send multipart/form-data with the image in field "photo".',
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = await sniffImage(bytes);
  if (!sniffed) {
    throw new HttpError(400, "The photo must be a JPEG, PNG, GIF or WebP image.");
  }
  const entryDay = form?.get("entry_date");
  const notes = form?.get("notes");
  const { userId } = c.var.auth;
  const root = c.var.config.uploadsDir;
  const filePath = `pregnancy/${userId}/${crypto.randomUUID()}.${sniffed.ext}`;
  await saveUpload(root, filePath, bytes);
  try {
    const row = await inUserTx(c, async (tx) => {
      const pregnancy = found(await findPregnancy(tx, userId, pregnancyId), "Pregnancy not found.");
      const day = entryDay
        ? requireCalendarDate(entryDay, "entry_date")
        : dayInZone(new Date(), await userZone(tx));
      const week = Math.min(45, Math.max(0, gestationOn(pregnancy.due_date, day).weeks));
      return insertRow(tx, "pregnancy_photos", {
        user_id: userId,
        pregnancy_id: pregnancyId,
        week,
        entry_date: day,
        file_path: filePath,
        mime_type: sniffed.mime,
        notes: typeof notes === "string" ? notes.slice(0, 2000) : null,
      });
    });
    return c.json(row, 201);
  } catch (error) {
    await removeUpload(root, filePath);
    throw error;
  }
});

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
