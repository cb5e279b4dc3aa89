import type { MiddlewareHandler } from "hono";
import { HttpError } from "../errors.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import type { AppEnv } from "../http/context.ts";
import { isUuid, requireCalendarDate } from "../http/path-params.ts";
import { access } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import { openUpload } from "../storage/uploads.ts";
import {
  findPhotoFile,
  listPhotoDates,
  listPhotos,
  listPhotosOfDay,
  PHOTO_TYPES,
} from "./queries.ts";
import {
  deletePhotoRoute,
  listPhotoDatesRoute,
  listPhotosOfDayRoute,
  listPhotosRoute,
  photoFileRoute,
  uploadPhotoRoute,
} from "./route-docs.ts";
import { deleteCheckInPhoto, saveCheckInPhoto } from "./service.ts";

// The spec keeps photos out of the read-downgrade: 'checkin_photos' opens reads too only
// with can_manage_checkin, so a read-only family member gets 403 on all six routes.
const photoReadAccess: MiddlewareHandler<AppEnv> = access("checkin_photos", false);
const photoWriteAccess: MiddlewareHandler<AppEnv> = access("checkin_photos", true);

const NOT_FOUND = "Photo not found.";
const NO_PHOTO =
  'No photo uploaded: send a multipart/form-data body with the image in field "photo".';

export const photoRoutes = createRouter();
photoRoutes.openAPIRegistry.registerPath(uploadPhotoRoute);

// Parsed by hand rather than by a declared multipart schema, so a missing file is a clear
// 400 and the bytes, not the client's content type, decide what the file is.
photoRoutes.post(
  "/api/measurements/check-in-photos/:date/:type",
  photoWriteAccess,
  blockDemoAccount(),
  async (c) => {
    const date = requireCalendarDate(c.req.param("date"), "date");
    const type = PHOTO_TYPES.find((t) => t === c.req.param("type"));
    if (!type) throw new HttpError(400, `type must be one of ${PHOTO_TYPES.join(", ")}.`);
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("photo");
    if (!(file instanceof File)) throw new HttpError(400, NO_PHOTO);
    if (file.size === 0) throw new HttpError(400, "The uploaded photo is empty.");
    const row = await saveCheckInPhoto(c.var, date, type, new Uint8Array(await file.arrayBuffer()));
    return c.json(row, 200);
  },
);

photoRoutes
  .openapi({ ...listPhotosRoute, middleware: photoReadAccess }, async (c) => {
    const { userId, actorId } = c.var.auth;
    const photos = await c.var.db.withUser(userId, (tx) => listPhotos(tx, userId), actorId);
    return c.json(photos, 200);
  })
  // Declared before /{date} so "dates" is never taken for a day.
  .openapi({ ...listPhotoDatesRoute, middleware: photoReadAccess }, async (c) => {
    const { userId, actorId } = c.var.auth;
    const dates = await c.var.db.withUser(userId, (tx) => listPhotoDates(tx, userId), actorId);
    return c.json(dates, 200);
  })
  .openapi({ ...listPhotosOfDayRoute, middleware: photoReadAccess }, async (c) => {
    const { date } = c.req.valid("param");
    const { userId, actorId } = c.var.auth;
    const photos = await c.var.db.withUser(
      userId,
      (tx) => listPhotosOfDay(tx, userId, date),
      actorId,
    );
    return c.json(photos, 200);
  })
  .openapi({ ...photoFileRoute, middleware: photoReadAccess }, async (c) => {
    const { id } = c.req.valid("param");
    const { userId, actorId } = c.var.auth;
    const photo = isUuid(id)
      ? await c.var.db.withUser(userId, (tx) => findPhotoFile(tx, userId, id), actorId)
      : null;
    const file = photo && (await openUpload(c.var.config.uploadsDir, photo.file_path));
    if (!photo || !file) throw new HttpError(404, NOT_FOUND);
    return new Response(file, {
      headers: {
        "Content-Type": photo.mime_type,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-cache",
      },
    });
  })
  .openapi({ ...deletePhotoRoute, middleware: photoWriteAccess }, async (c) => {
    const { id } = c.req.valid("param");
    if (!isUuid(id) || !(await deleteCheckInPhoto(c.var, id))) throw new HttpError(404, NOT_FOUND);
    return c.body(null, 204);
  });
