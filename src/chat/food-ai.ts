import { z } from "@hono/zod-openapi";
import { HttpError } from "../errors.ts";
import { aiConversionsAllowed } from "../preferences/queries.ts";
import { requirePhoto } from "./food-photo.ts";
import { askModelForJson, type ModelDeps } from "./model-json.ts";

/** What the phone app's label scanner fills its food form with (its LabelScanResult). */
const optional = z.number().min(0).nullable();
export const labelScanSchema = z.object({
  name: z.string().max(200),
  brand: z.string().max(200),
  serving_size: z.number().positive(),
  serving_unit: z.string().min(1).max(30),
  calories: z.number().min(0),
  protein: z.number().min(0),
  carbs: z.number().min(0),
  fat: z.number().min(0),
  fiber: optional,
  saturated_fat: optional,
  trans_fat: optional,
  sodium: optional,
  sugars: optional,
  cholesterol: optional,
  potassium: optional,
  calcium: optional,
  iron: optional,
  vitamin_a: optional,
  vitamin_c: optional,
});

// A model leaves out what the label does not show: such a field is null (or "" for a name).
const LABEL_OPTIONAL = Object.keys(labelScanSchema.shape).filter((key) =>
  labelScanSchema.shape[key as keyof typeof labelScanSchema.shape].isNullable(),
);
const modelLabelSchema = labelScanSchema.extend({
  name: z.string().max(200).catch(""),
  brand: z.string().max(200).catch(""),
  ...Object.fromEntries(LABEL_OPTIONAL.map((key) => [key, optional.catch(null)])),
});

const LABEL_INSTRUCTIONS =
  "Read this nutrition facts label. Answer with JSON only, per the label's serving: " +
  '{"name","brand","serving_size","serving_unit","calories","protein","carbs","fat","fiber",' +
  '"saturated_fat","trans_fat","sugars","sodium","cholesterol","potassium","calcium","iron",' +
  '"vitamin_a","vitamin_c"}: grams for macros, mg for sodium, cholesterol, potassium, calcium, ' +
  "iron and vitamin C, mcg for vitamin A; null for what the label does not show.";

/** A nutrition label photo read by the configured model; nothing is saved. */
export async function scanNutritionLabel(deps: ModelDeps, actorId: string, base64: string) {
  const image = Buffer.from(base64.replace(/^data:[^,]*,/, ""), "base64");
  if (image.byteLength === 0) throw new HttpError(400, "image must be a base64-encoded photo.");
  const mediaType = await requirePhoto(new Uint8Array(image));
  return askModelForJson(
    deps,
    actorId,
    [
      { type: "text", text: LABEL_INSTRUCTIONS },
      { type: "file", data: new Uint8Array(image), mediaType },
    ],
    modelLabelSchema,
    "The AI model could not read this label; try a sharper photo.",
  );
}

/** The app's request (its shared aiUnitConversionRequestSchema). */
export const unitConversionRequest = z.object({
  foodId: z.string().min(1),
  foodName: z.string().min(1).max(200),
  brand: z.string().max(200).optional(),
  fromUnit: z.string().min(1).max(30),
  fromAmount: z.number().positive(),
  toUnit: z.string().min(1).max(30),
  knownVariants: z
    .array(z.object({ amount: z.number().positive(), unit: z.string().min(1).max(30) }))
    .max(20)
    .default([]),
});
const confidence = z.enum(["high", "medium", "low"]);
export const unitConversionAnswer = z.object({
  estimatedAmount: z.number().positive(),
  confidence,
  fromUnit: z.string(),
  fromAmount: z.number().positive(),
  toUnit: z.string(),
});
const modelConversion = z.object({ estimated_amount: z.number().positive(), confidence });

/** How much of `toUnit` the amount of the food is, as the model estimates it. */
export async function convertFoodUnit(
  deps: ModelDeps,
  actorId: string,
  request: z.infer<typeof unitConversionRequest>,
): Promise<z.infer<typeof unitConversionAnswer>> {
  if (request.fromUnit.trim().toLowerCase() === request.toUnit.trim().toLowerCase()) {
    throw new HttpError(400, "fromUnit and toUnit are the same unit.");
  }
  // As that server does: the preference turns the feature off, before any model request.
  if (!(await deps.db.withUser(actorId, (tx) => aiConversionsAllowed(tx, actorId))))
    throw new HttpError(403, "AI-assisted conversions are disabled for this user.");
  const known = request.knownVariants.map((v) => `${v.amount} ${v.unit}`).join(", ");
  const food = request.brand ? `${request.foodName} (${request.brand})` : request.foodName;
  const text =
    `Estimate how many ${request.toUnit} of ${food} equal ${request.fromAmount} ${request.fromUnit}.` +
    (known ? ` Servings known for this food: ${known}.` : "") +
    ' Answer with JSON only: {"estimated_amount": number, "confidence": "high|medium|low"}.';
  const answer = await askModelForJson(
    deps,
    actorId,
    [{ type: "text", text }],
    modelConversion,
    "The AI model's answer could not be read as an amount.",
  );
  return {
    estimatedAmount: answer.estimated_amount,
    confidence: answer.confidence,
    fromUnit: request.fromUnit,
    fromAmount: request.fromAmount,
    toUnit: request.toUnit,
  };
}
