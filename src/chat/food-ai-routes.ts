import { createRoute, z } from "@hono/zod-openapi";
import { bearerSecurity as security, errorResponses, json } from "../http/openapi-kit.ts";
import { createRouter } from "../http/router.ts";
import { ownChat } from "./access.ts";
import {
  convertFoodUnit,
  labelScanSchema,
  scanNutritionLabel,
  unitConversionAnswer,
  unitConversionRequest,
} from "./food-ai.ts";

const tags = ["AI assistant"];
const modelFailures = {
  ...errorResponses,
  413: { description: "The photo is larger than 5 MB", ...json(z.object({ error: z.string() })) },
  429: { description: "Today's request budget is spent", ...json(z.object({ error: z.string() })) },
  502: {
    description: "The model failed or its answer was unreadable",
    ...json(z.object({ error: z.string() })),
  },
  503: { description: "No model is configured", ...json(z.object({ error: z.string() })) },
};
// A base64 photo of up to 5 MB is about 6.7 MB of text.
const labelBody = z.object({
  image: z.string().min(1).max(7_000_000),
  mime_type: z.string().max(100).optional(),
});

// Both are the caller's own AI requests (budget and model of the signed-in person) and save
// nothing: the app shows the answer for the user to confirm.
export const foodAiRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/api/foods/scan-label",
      tags,
      security,
      summary: "Reads a nutrition label photo (base64 JSON) into a food's fields",
      middleware: ownChat(true),
      request: { body: { ...json(labelBody), required: true } },
      responses: {
        200: { description: "The label's values", ...json(labelScanSchema) },
        ...modelFailures,
      },
    }),
    async (c) => {
      const { config, db, logger, auth } = c.var;
      const { image } = c.req.valid("json");
      return c.json(await scanNutritionLabel({ config, db, logger }, auth.actorId, image), 200);
    },
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/api/ai/convert-unit",
      tags,
      security,
      summary: "Estimates an amount of a food in another unit (cups to grams, ...)",
      middleware: ownChat(true),
      request: { body: { ...json(unitConversionRequest), required: true } },
      responses: {
        200: { description: "The estimate", ...json(unitConversionAnswer) },
        ...modelFailures,
      },
    }),
    async (c) => {
      const { config, db, logger, auth } = c.var;
      const answer = await convertFoodUnit(
        { config, db, logger },
        auth.actorId,
        c.req.valid("json"),
      );
      return c.json(answer, 200);
    },
  );
