import { createRoute, z } from "@hono/zod-openapi";
import { bearerSecurity as security, errorResponses, json } from "../http/openapi-kit.ts";
import { access } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import { inUserTx } from "../http/user-tx.ts";
import { listNutrientDisplay, saveNutrientDisplay } from "./nutrient-display.ts";

const PATH = "/api/preferences/nutrient-display";
const tags = ["Preferences"];
const preference = z.object({
  view_group: z.string(),
  platform: z.string(),
  visible_nutrients: z.array(z.string()),
});
const params = z.object({
  viewGroup: z
    .string()
    .regex(/^[a-z_]{1,50}$/, "viewGroup: lowercase letters and underscores, up to 50"),
  platform: z.enum(["mobile", "desktop"]),
});
const body = z.object({
  visible_nutrients: z.array(z.string().trim().min(1).max(100)).max(200),
});

// Settings like the user preferences: read where the grant opens the profile, changed by
// the owner alone.
export const nutrientDisplayRoutes = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: PATH,
      summary: "Which nutrients each screen shows, per view group and platform",
      tags,
      security,
      middleware: access("profile", false),
      responses: {
        200: { description: "Every group and platform", ...json(z.array(preference)) },
        ...errorResponses,
      },
    }),
    async (c) => c.json(await inUserTx(c, (tx) => listNutrientDisplay(tx, c.var.auth.userId)), 200),
  )
  .openapi(
    createRoute({
      method: "put",
      path: `${PATH}/{viewGroup}/{platform}`,
      summary: "Replace the nutrients one view group shows on one platform",
      tags,
      security,
      middleware: access("owner_only", true),
      request: { params, body: { ...json(body), required: true } },
      responses: { 200: { description: "The saved list", ...json(preference) }, ...errorResponses },
    }),
    async (c) => {
      const { viewGroup, platform } = c.req.valid("param");
      const { visible_nutrients } = c.req.valid("json");
      const saved = await inUserTx(c, (tx) =>
        saveNutrientDisplay(tx, c.var.auth.userId, {
          view_group: viewGroup,
          platform,
          visible_nutrients: [...new Set(visible_nutrients)],
        }),
      );
      return c.json(saved, 200);
    },
  );
