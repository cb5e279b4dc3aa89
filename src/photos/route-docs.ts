import { createRoute, z } from "@hono/zod-openapi";
import { calendarDay } from "../lib/calendar-day.ts";
import { PHOTO_TYPES } from "./queries.ts";

/** OpenAPI declarations of the check-in photo routes; handlers live in routes.ts. */

export const PHOTOS_PATH = "/api/measurements/check-in-photos";

const TAGS = ["Check-in photos"];
const security = [{ bearerAuth: [] }];
const errorResponse = {
  content: { "application/json": { schema: z.object({ error: z.string() }) } },
};
const errors = {
  401: { description: "Not signed in", ...errorResponse },
  403: { description: "Not permitted (read-only family members included)", ...errorResponse },
};
const notFound = { 404: { description: "No such photo of the caller's", ...errorResponse } };
const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
// Path parameters are checked in the handlers: an id that is not a uuid is not found (404).
const dayParam = calendarDay.openapi({ param: { name: "date", in: "path" } });
const pathParam = (name: string, example: string) =>
  z.string().openapi({ param: { name, in: "path" }, example });

const photoSummarySchema = z
  .object({
    id: z.uuid(),
    entry_date: z.string(),
    photo_type: z.enum(PHOTO_TYPES),
    weight: z.number().nullable().openapi({ description: "The day's check-in weight (kg)" }),
  })
  .openapi("CheckInPhotoSummary");
const photoSchema = photoSummarySchema
  .extend({ file_path: z.string().openapi({ description: "Relative to the uploads root" }) })
  .openapi("CheckInPhoto");

export const listPhotosRoute = createRoute({
  method: "get",
  path: PHOTOS_PATH,
  summary: "Every progress photo, newest day first, then angle",
  tags: TAGS,
  security,
  responses: {
    200: { description: "Gallery", ...json(z.array(photoSummarySchema)) },
    ...errors,
  },
});

export const listPhotoDatesRoute = createRoute({
  method: "get",
  path: `${PHOTOS_PATH}/dates`,
  summary: "Days with at least one photo, newest first",
  tags: TAGS,
  security,
  responses: { 200: { description: "Days", ...json(z.array(z.string())) }, ...errors },
});

export const listPhotosOfDayRoute = createRoute({
  method: "get",
  path: `${PHOTOS_PATH}/{date}`,
  summary: "The day's photos, with file paths",
  tags: TAGS,
  security,
  request: { params: z.object({ date: dayParam }) },
  responses: {
    200: { description: "Photos of the day", ...json(z.array(photoSchema)) },
    400: { description: "Malformed date", ...errorResponse },
    ...errors,
  },
});

export const photoFileRoute = createRoute({
  method: "get",
  path: `${PHOTOS_PATH}/file/{id}`,
  summary: "The image bytes (the only way to read a photo)",
  tags: TAGS,
  security,
  request: { params: z.object({ id: pathParam("id", crypto.randomUUID()) }) },
  responses: {
    200: {
      description: "Image with its sniffed content type",
      content: { "image/*": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...notFound,
    ...errors,
  },
});

export const uploadPhotoRoute = createRoute({
  method: "post",
  path: `${PHOTOS_PATH}/{date}/{type}`,
  summary: "Upload the day's photo of one angle (replaces an existing one)",
  tags: TAGS,
  security,
  request: {
    params: z.object({
      date: dayParam,
      type: z.enum(PHOTO_TYPES).openapi({ param: { name: "type", in: "path" } }),
    }),
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z.object({
            photo: z.string().openapi({ format: "binary", description: "JPEG, PNG, GIF or WebP" }),
          }),
        },
      },
    },
  },
  responses: {
    200: { description: "The stored photo", ...json(photoSchema) },
    400: { description: "No file, or not an accepted image", ...errorResponse },
    413: { description: "Body over 10 MB", ...errorResponse },
    ...errors,
  },
});

export const deletePhotoRoute = createRoute({
  method: "delete",
  path: `${PHOTOS_PATH}/photo/{id}`,
  summary: "Delete a photo and its file",
  tags: TAGS,
  security,
  request: { params: z.object({ id: pathParam("id", crypto.randomUUID()) }) },
  responses: { 204: { description: "Deleted" }, ...notFound, ...errors },
});
