import { HttpError } from "../errors.ts";
import type { Food } from "../foods/schemas.ts";
import { createProviderHttp, underBase } from "./provider-fetch.ts";
import type { ProviderSettings } from "./types.ts";
import { USER_AGENT } from "./provider-fetch.ts";

/** Where a contribution goes and as whom; credentials are the user's own OFF account. */
export type OffTarget = Pick<ProviderSettings, "baseUrl" | "appId" | "appKey"> & {
  baseUrl: string;
};

/**
 * The product fields a contribution sends, shown as the preview and sent unchanged on
 * publish, so what was confirmed is what goes out. Per serving of the default variant.
 */
export function contributionFields(
  food: Food,
  photoType: string,
  language: string,
): Record<string, string> {
  const v = food.default_variant;
  const fields: Record<string, string> = {
    code: food.barcode ?? "",
    lang: language,
    [`product_name_${language}`]: food.name,
    nutrition_data_per: "serving",
    serving_size: `${v.serving_size} ${v.serving_unit}`,
    "nutriment_energy-kcal": String(v.calories),
    "nutriment_energy-kcal_unit": "kcal",
    nutriment_proteins: String(v.protein),
    nutriment_carbohydrates: String(v.carbs),
    nutriment_fat: String(v.fat),
    imagefield: `${photoType}_${language}`,
  };
  if (food.brand) fields.brands = food.brand;
  const optional: [number | null, string, number][] = [
    [v.saturated_fat, "saturated-fat", 1],
    [v.sugars, "sugars", 1],
    [v.dietary_fiber, "fiber", 1],
    [v.sodium, "sodium", 0.001],
  ];
  for (const [value, key, factor] of optional) {
    if (value !== null) fields[`nutriment_${key}`] = String(value * factor);
  }
  return fields;
}

export type PublishOutcome = {
  state: "published" | "uncertain" | "failed";
  message: string;
};

/**
 * The one publish attempt: the photo first, then the product data. A photo that did not
 * go up is "failed" (nothing was published); a photo that went up but whose product data
 * was not confirmed is "uncertain" and is never retried automatically.
 */
export async function publishToOff(
  target: OffTarget,
  fields: Record<string, string>,
  photo: { bytes: Uint8Array; name: string },
  options: { timeoutMs: number; allowHost?: string },
): Promise<PublishOutcome> {
  const http = createProviderHttp({
    label: "Open Food Facts",
    timeoutMs: options.timeoutMs,
    allowHost: options.allowHost,
    allowPrivateNetwork: false,
  });
  const account: Record<string, string> = target.appId
    ? { user_id: target.appId, password: target.appKey ?? "" }
    : { app_name: "fitness-server", app_version: USER_AGENT.split(" ")[0]!.split("/")[1]! };
  const { imagefield, ...product } = fields;

  const upload = new FormData();
  upload.set("code", product.code!);
  upload.set("imagefield", imagefield!);
  upload.set(
    `imgupload_${imagefield}`,
    new File([photo.bytes as Uint8Array<ArrayBuffer>], photo.name),
  );
  for (const [key, value] of Object.entries(account)) upload.set(key, value);
  try {
    const response = await http.send(underBase(target.baseUrl, "/cgi/product_image_upload.pl"), {
      method: "POST",
      body: upload,
    });
    const body = (await response.json().catch(() => ({}))) as { status?: string; error?: string };
    if (!response.ok || body.status !== "status ok") {
      return {
        state: "failed",
        message: `The photo was not accepted: ${body.error ?? response.status}.`,
      };
    }
  } catch (error) {
    const message = error instanceof HttpError ? error.message : "The photo could not be sent.";
    return { state: "failed", message };
  }

  try {
    const response = await http.send(underBase(target.baseUrl, "/cgi/product_jqm2.pl"), {
      method: "POST",
      body: new URLSearchParams({ ...product, ...account }),
    });
    const body = (await response.json().catch(() => ({}))) as { status?: number };
    if (response.ok && body.status === 1) {
      return { state: "published", message: "The photo and the product data were published." };
    }
  } catch {
    // Sent, but no answer we can trust: the data may or may not have been saved.
  }
  return {
    state: "uncertain",
    message: "The photo was published but the product data could not be confirmed.",
  };
}
