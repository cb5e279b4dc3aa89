import { MAIN_NUTRIENTS, OPTIONAL_NUTRIENTS } from "../../src/foods/nutrients.ts";
import { fieldsOf, type Shape } from "./shapes.ts";

// The phone app's food, diary and meal types (reference/mobile-app-api.md, "Shapes").
// Where the app declares an optional number, that server answers null for a value never
// set (its columns are nullable) and the app reads it as missing: "number|null?". The main
// four are declared numbers, yet that server answers null for one left empty too (its
// columns are nullable, an empty field is stored null): "number|null".
const NUTRIENTS: Shape = {
  ...fieldsOf(MAIN_NUTRIENTS, "number|null"),
  ...fieldsOf(OPTIONAL_NUTRIENTS, "number|null?"),
  glycemic_index: "string|null?",
  custom_nutrients: "object?",
};
// What that server answers besides (its allergen tracking): lists, or null when never stated.
const ALLERGENS: Shape = { allergens: "array|null", traces: "array|null" };

export const FOOD_DEFAULT_VARIANT: Shape = {
  id: "string?",
  serving_size: "number",
  serving_unit: "string",
  ...NUTRIENTS,
  is_default: "boolean?",
  ...ALLERGENS,
};

export const FOOD_VARIANT_DETAIL: Shape = {
  ...FOOD_DEFAULT_VARIANT,
  id: "string",
  food_id: "string",
  source: "string?",
  ai_confidence: "string|null?",
};

export const FOOD_ITEM: Shape = {
  id: "string",
  name: "string",
  brand: "string|null",
  barcode: "string|null?",
  is_custom: "boolean",
  user_id: "string?",
  shared_with_public: "boolean?",
  provider_type: "string|null?",
  provider_external_id: "string|null?",
  provider_verified: "boolean?",
  is_quick_food: "boolean?",
  favorited_at: "string?",
  images: "array|null?",
  default_variant: "object",
};

// The app's FoodEntry, as any list of the day's food answers it (the daily summary lists what
// the phone synced besides the diary's entries).
export const APP_FOOD_ENTRY: Shape = {
  id: "string",
  food_id: "string|null?",
  meal_id: "string|null?",
  food_entry_meal_id: "string|null?",
  user_id: "string?",
  meal_type: "string",
  meal_type_id: "string?",
  quantity: "number",
  unit: "string",
  variant_id: "string|null?",
  food_name: "string?",
  brand_name: "string|null?",
  entry_date: "string",
  entry_time: "string|null?",
  serving_size: "number",
  serving_unit: "string?",
  ...NUTRIENTS,
  source: "string|null?",
  provider_verified: "boolean?",
  images: "array|null?",
  food_images: "array|null?",
};

// A diary entry as the diary's own calls answer it: with its food's flags and allergens.
export const FOOD_ENTRY: Shape = {
  ...APP_FOOD_ENTRY,
  provider_verified: "boolean",
  food_images: "array|null",
  ...ALLERGENS,
};

export const MEAL: Shape = {
  id: "string",
  user_id: "string",
  name: "string",
  description: "string|null",
  is_public: "boolean",
  serving_size: "number",
  serving_unit: "string",
  total_servings: "number",
  created_at: "string",
  updated_at: "string",
  favorited_at: "string?",
  images: "array|null?",
  foods: "array",
};

export const MEAL_FOOD: Shape = {
  id: "string",
  item_type: "string?",
  food_id: "string|null?",
  child_meal_id: "string|null?",
  variant_id: "string|null?",
  quantity: "number",
  unit: "string",
  food_name: "string",
  brand: "string|null",
  serving_size: "number",
  serving_unit: "string",
  ...NUTRIENTS,
};

export const FOOD_ENTRY_MEAL: Shape = {
  id: "string",
  user_id: "string",
  meal_template_id: "string|null",
  meal_type: "string",
  meal_type_id: "string|null",
  entry_date: "string",
  entry_time: "string|null?",
  name: "string",
  description: "string|null",
  quantity: "number",
  unit: "string",
  legacy_serving_unit_math: "boolean?",
  foods: "array",
  ...NUTRIENTS,
  images: "array|null?",
  meal_images: "array|null",
};

export const FOOD_ENTRY_MEAL_FOOD: Shape = {
  food_id: "string",
  food_name: "string",
  variant_id: "string",
  quantity: "number",
  unit: "string",
  serving_size: "number",
  serving_unit: "string",
  ...NUTRIENTS,
};

export const MEAL_TYPE: Shape = {
  id: "string",
  name: "string",
  sort_order: "number",
  user_id: "string|null",
  created_at: "string",
  is_visible: "boolean",
  show_in_quick_log: "boolean",
  default_time: "string|null?",
};

export const TOGGLE_FAVORITE: Shape = { type: "string", id: "string", is_favorite: "boolean" };
export const MEAL_DELETION_IMPACT: Shape = {
  usedByOtherUsers: "boolean",
  usedByCurrentUser: "boolean",
};
export const USER_CUSTOM_NUTRIENT: Shape = { id: "string", name: "string", unit: "string" };
