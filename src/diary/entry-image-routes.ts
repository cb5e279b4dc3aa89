import { createRoute, z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { diaryWrite, errors, idParam, json, security } from "../foods/route-kit.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import { imageFiles, readImageOrder } from "../foods/image-upload.ts";
import { clearEntryImage, setEntryImages, type ImageTable } from "./entry-images.ts";

/** The image the user chose for one diary entry or logged meal (rule 7). */

const ROWS: { base: string; table: ImageTable; notFound: string }[] = [
  { base: "/api/food-entries", table: "food_entries", notFound: "Food entry not found." },
  { base: "/api/food-entry-meals", table: "food_entry_meals", notFound: "Logged meal not found." },
];
const NO_IMAGE =
  'No image uploaded: send a multipart/form-data body with the files in field "images" (or one in "image").';

export const entryImageRoutes = createRouter();

for (const { base, table, notFound } of ROWS) {
  entryImageRoutes.openAPIRegistry.registerPath(
    createRoute({
      method: "post",
      path: `${base}/{id}/image`,
      tags: ["Food diary"],
      security,
      summary:
        "Set the images chosen for this row: multipart, a JSON list `images` of the row's images to keep and `__new__<n>` placeholders in their order, then the files as parts named `images` (or one file in `image`); jpeg, png, gif or webp",
      request: { params: idParam("id") },
      responses: {
        200: {
          description: "The row's images",
          ...json(z.object({ images: z.array(z.string()) })),
        },
        ...errors,
      },
    }),
  );
  entryImageRoutes.post(`${base}/:id/image`, diaryWrite, blockDemoAccount(), async (c) => {
    const id = c.req.param("id");
    const form = await c.req.formData().catch(() => null);
    if (!form) throw new HttpError(400, NO_IMAGE);
    const order = readImageOrder(form.getAll("images").find((v) => typeof v === "string"));
    const files = imageFiles(form, "images", "image");
    if (files.length === 0 && order === undefined) throw new HttpError(400, NO_IMAGE);
    const images = isUuid(id) ? await setEntryImages(c.var, table, id, order, files) : null;
    if (!images) throw new HttpError(404, notFound);
    return c.json({ images }, 200);
  });

  entryImageRoutes.openapi(
    {
      ...createRoute({
        method: "delete",
        path: `${base}/{id}/image`,
        tags: ["Food diary"],
        security,
        summary: "Remove the row's image",
        request: { params: idParam("id") },
        responses: { 204: { description: "Removed" }, ...errors },
      }),
      middleware: diaryWrite,
    },
    async (c) => {
      const { id } = c.req.valid("param");
      if (!isUuid(id) || !(await clearEntryImage(c.var, table, id)))
        throw new HttpError(404, notFound);
      return c.body(null, 204);
    },
  );
}
