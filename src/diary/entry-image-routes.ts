import { createRoute, z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { diaryWrite, errors, idParam, json, security } from "../foods/route-kit.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { isUuid } from "../http/path-params.ts";
import { createRouter } from "../http/router.ts";
import { clearEntryImage, setEntryImage, type ImageTable } from "./entry-images.ts";

/** The image the user chose for one diary entry or logged meal (rule 7). */

const ROWS: { base: string; table: ImageTable; notFound: string }[] = [
  { base: "/api/food-entries", table: "food_entries", notFound: "Food entry not found." },
  { base: "/api/food-entry-meals", table: "food_entry_meals", notFound: "Logged meal not found." },
];
const NO_IMAGE =
  'No image uploaded: send a multipart/form-data body with the image in field "image".';

export const entryImageRoutes = createRouter();

for (const { base, table, notFound } of ROWS) {
  entryImageRoutes.openAPIRegistry.registerPath(
    createRoute({
      method: "post",
      path: `${base}/{id}/image`,
      tags: ["Food diary"],
      security,
      summary: "Set an image chosen for this row (multipart field image; jpeg, png, gif or webp)",
      request: { params: idParam("id") },
      responses: {
        200: { description: "The stored path", ...json(z.object({ images: z.array(z.string()) })) },
        ...errors,
      },
    }),
  );
  entryImageRoutes.post(`${base}/:id/image`, diaryWrite, blockDemoAccount(), async (c) => {
    const id = c.req.param("id");
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("image");
    if (!(file instanceof File) || file.size === 0) throw new HttpError(400, NO_IMAGE);
    const path = isUuid(id)
      ? await setEntryImage(c.var, table, id, new Uint8Array(await file.arrayBuffer()))
      : null;
    if (!path) throw new HttpError(404, notFound);
    return c.json({ images: [path] }, 200);
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
