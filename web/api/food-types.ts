// Shapes of the food, diary and meal answers (see the OpenAPI document at /api/api-docs/json).

/** Nutrients of one serving; each is null when it was not given (left empty). */
export type Nutrients = {
  calories: number | null;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
} & Partial<Record<Micronutrient, number | null>>;

export const MICRONUTRIENTS = [
  ["saturated_fat", "Saturated fat", "g"],
  ["trans_fat", "Trans fat", "g"],
  ["cholesterol", "Cholesterol", "mg"],
  ["sodium", "Sodium", "mg"],
  ["potassium", "Potassium", "mg"],
  ["dietary_fiber", "Fibre", "g"],
  ["sugars", "Sugars", "g"],
  ["vitamin_a", "Vitamin A", "µg"],
  ["vitamin_c", "Vitamin C", "mg"],
  ["calcium", "Calcium", "mg"],
  ["iron", "Iron", "mg"],
] as const;
export type Micronutrient = (typeof MICRONUTRIENTS)[number][0];

export type Variant = Nutrients & {
  id: string;
  serving_size: number;
  serving_unit: string;
  is_default: boolean;
};

export type Food = {
  id: string;
  name: string;
  brand: string | null;
  barcode: string | null;
  is_custom: boolean;
  images: string[];
  default_variant: Variant;
  variants: Variant[];
  favorited_at?: string;
  /** A food of the server's built-in catalogue (USDA SR24), not in the library. */
  is_builtin?: boolean;
};

export type FoodEntry = Nutrients & {
  id: string;
  food_id: string | null;
  food_entry_meal_id: string | null;
  meal_type: string;
  meal_type_id: string;
  entry_date: string;
  quantity: number;
  unit: string;
  food_name: string;
  brand_name: string | null;
  serving_size: number;
  serving_unit: string;
  images: string[];
};

export type MealType = { id: string; name: string; sort_order: number; is_visible: boolean };

export type MealTemplate = {
  id: string;
  name: string;
  images: string[];
  foods: { food_id: string; food_name: string; quantity: number; unit: string }[];
  favorited_at?: string;
};

export type Progress = { value: number; goal: number | null; percent: number | null };

export type DailySummary = {
  date: string;
  goals: Record<string, number | null | string | object>;
  nutrition: { totals: Record<string, number>; meals: Record<string, Record<string, number>> };
  progress: Record<string, Progress>;
  net_calories: number;
  water_ml: number;
  exercise: { calories_burned: number };
};

/** What was eaten: the snapshot of one serving times quantity / serving size. */
export function eaten(entry: FoodEntry, nutrient: keyof Nutrients): number {
  return ((entry[nutrient] ?? 0) * entry.quantity) / entry.serving_size;
}
