import type { ProviderFood, ProviderVariant } from "./schemas.ts";

/**
 * The first-generation search routes (/api/foods/<provider>/search) answer in each
 * provider's own shape, as the existing phone app reads them. They are made from the
 * normalized food, so every provider is still read by its one client.
 */

const per100 = (food: ProviderFood): ProviderVariant =>
  food.variants.find((v) => v.serving_size === 100 && v.serving_unit === "g") ??
  food.default_variant;

/** An Open Food Facts product: per-100 g nutriments, sodium in grams. */
export function asOffProduct(food: ProviderFood) {
  const v = per100(food);
  const serving = food.variants.find((x) => x !== v);
  return {
    code: food.provider_external_id,
    product_name: food.name,
    brands: food.brand ?? undefined,
    serving_quantity: serving?.serving_size,
    serving_size: serving?.serving_description,
    image_url: food.image_url ?? undefined,
    nutriments: {
      "energy-kcal_100g": v.calories,
      proteins_100g: v.protein,
      carbohydrates_100g: v.carbs,
      fat_100g: v.fat,
      "saturated-fat_100g": v.saturated_fat ?? undefined,
      sodium_100g: v.sodium === null ? undefined : v.sodium / 1000,
      fiber_100g: v.dietary_fiber ?? undefined,
      sugars_100g: v.sugars ?? undefined,
    },
  };
}

// FoodData Central nutrient ids and units of the search answer.
const USDA_NUTRIENTS: [keyof ProviderVariant, number, string, string][] = [
  ["calories", 1008, "Energy", "KCAL"],
  ["protein", 1003, "Protein", "G"],
  ["fat", 1004, "Total lipid (fat)", "G"],
  ["carbs", 1005, "Carbohydrate, by difference", "G"],
  ["sugars", 2000, "Total Sugars", "G"],
  ["sodium", 1093, "Sodium, Na", "MG"],
  ["dietary_fiber", 1079, "Fiber, total dietary", "G"],
  ["saturated_fat", 1258, "Fatty acids, total saturated", "G"],
];

/** A FoodData Central search item: nutrients per 100 g. */
export function asUsdaFood(food: ProviderFood) {
  const v = per100(food);
  const serving = food.variants.find((x) => x !== v);
  return {
    fdcId: Number(food.provider_external_id),
    description: food.name,
    brandOwner: food.brand ?? undefined,
    gtinUpc: food.barcode ?? undefined,
    servingSize: serving?.serving_size,
    servingSizeUnit: serving?.serving_unit,
    foodNutrients: USDA_NUTRIENTS.filter(([key]) => typeof v[key] === "number").map(
      ([key, nutrientId, nutrientName, unitName]) => ({
        nutrientId,
        nutrientName,
        unitName,
        value: v[key] as number,
      }),
    ),
  };
}

/** A FatSecret search item with its "Per ... - Calories: ..." description. */
export function asFatSecretSearchItem(food: ProviderFood) {
  const v = food.default_variant;
  return {
    food_id: food.provider_external_id,
    food_name: food.name,
    brand_name: food.brand ?? undefined,
    food_description:
      `Per ${v.serving_size}${v.serving_unit} - Calories: ${v.calories}kcal | ` +
      `Fat: ${v.fat}g | Carbs: ${v.carbs}g | Protein: ${v.protein}g`,
  };
}

const text = (value: number | null) => (value === null ? null : String(value));

/** A FatSecret food.get answer: every serving, values as text like FatSecret sends them. */
export function asFatSecretFood(food: ProviderFood) {
  return {
    food: {
      food_id: food.provider_external_id,
      food_name: food.name,
      brand_name: food.brand,
      servings: {
        serving: food.variants.map((v, i) => ({
          serving_id: String(i),
          serving_description: v.serving_description ?? `${v.serving_size} ${v.serving_unit}`,
          measurement_description: v.serving_description ?? v.serving_unit,
          metric_serving_amount: String(v.serving_size),
          metric_serving_unit: v.serving_unit,
          calories: String(v.calories),
          protein: String(v.protein),
          carbohydrate: String(v.carbs),
          fat: String(v.fat),
          saturated_fat: text(v.saturated_fat),
          sodium: text(v.sodium),
          fiber: text(v.dietary_fiber),
          sugar: text(v.sugars),
        })),
      },
    },
  };
}
