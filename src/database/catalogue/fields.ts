/**
 * The values a built-in food carries per 100 g, in the data file's order: the nutrient
 * columns of a variant (OPTIONAL_NUTRIENTS' units: g, mg, µg RAE), then the minerals and
 * vitamins beyond them, which variants carry in custom_nutrients under their label.
 * `source` is the nutrient's name in the cronometer SR24 files; `factor` converts its unit.
 */
type SourceField = { key: string; source: string; factor?: number };
type DerivedField = { key: string; derive: (raw: Map<string, number>) => number | null };
export type Sr24Field = (SourceField | DerivedField) & { unit?: string; label?: string };

const get = (raw: Map<string, number>, name: string) => raw.get(name) ?? 0;

export const SR24_FIELDS: Sr24Field[] = [
  { key: "calories", source: "Energy" },
  { key: "protein", source: "Protein" },
  { key: "carbs", source: "Carbs" },
  { key: "fat", source: "Fat" },
  { key: "saturated_fat", source: "Saturated" },
  { key: "polyunsaturated_fat", source: "Polyunsaturated" },
  { key: "monounsaturated_fat", source: "Monounsaturated" },
  { key: "trans_fat", source: "Trans-Fats" },
  { key: "cholesterol", source: "Cholesterol" },
  { key: "sodium", source: "Sodium" },
  { key: "potassium", source: "Potassium" },
  { key: "dietary_fiber", source: "Fiber" },
  { key: "sugars", source: "Sugars" },
  {
    // The files give vitamin A in IU; retinol activity equivalents (our unit, and USDA's
    // own RAE figure) are retinol plus the provitamin carotenoids by their factors.
    key: "vitamin_a",
    derive: (raw) =>
      raw.has("Retinol") || raw.has("Beta-carotene")
        ? Math.round(
            (get(raw, "Retinol") +
              get(raw, "Beta-carotene") / 12 +
              (get(raw, "Alpha-carotene") + get(raw, "Beta-cryptoxanthin")) / 24) *
              10,
          ) / 10
        : null,
  },
  { key: "vitamin_c", source: "Vitamin C" },
  { key: "calcium", source: "Calcium" },
  { key: "iron", source: "Iron" },
  { key: "magnesium", source: "Magnesium", label: "Magnesium", unit: "mg" },
  { key: "phosphorus", source: "Phosphorus", label: "Phosphorus", unit: "mg" },
  { key: "zinc", source: "Zinc", label: "Zinc", unit: "mg" },
  { key: "copper", source: "Copper", label: "Copper", unit: "mg" },
  { key: "manganese", source: "Manganese", label: "Manganese", unit: "mg" },
  { key: "selenium", source: "Selenium", label: "Selenium", unit: "µg" },
  // IU of vitamin D: 40 IU are 1 µg.
  { key: "vitamin_d", source: "Vitamin D", factor: 1 / 40, label: "Vitamin D", unit: "µg" },
  { key: "vitamin_e", source: "Vitamin E", label: "Vitamin E", unit: "mg" },
  { key: "vitamin_k", source: "Vitamin K", label: "Vitamin K", unit: "µg" },
  { key: "thiamin", source: "B1 (Thiamine)", label: "Thiamin", unit: "mg" },
  { key: "riboflavin", source: "B2 (Riboflavin)", label: "Riboflavin", unit: "mg" },
  { key: "niacin", source: "B3 (Niacin)", label: "Niacin", unit: "mg" },
  {
    key: "pantothenic_acid",
    source: "B5 (Pantothenic Acid)",
    label: "Pantothenic acid",
    unit: "mg",
  },
  { key: "vitamin_b6", source: "B6 (Pyridoxine)", label: "Vitamin B6", unit: "mg" },
  { key: "folate", source: "Folate", label: "Folate", unit: "µg" },
  { key: "vitamin_b12", source: "B12 (Cyanocobalamin)", label: "Vitamin B12", unit: "µg" },
  { key: "choline", source: "Choline", label: "Choline", unit: "mg" },
  { key: "water", source: "Water", label: "Water", unit: "g" },
  { key: "caffeine", source: "Caffeine", label: "Caffeine", unit: "mg" },
  { key: "alcohol", source: "Alcohol", label: "Alcohol", unit: "g" },
];

/** The fields carried in custom_nutrients (label and unit), in file order. */
export const MICRONUTRIENT_FIELDS = SR24_FIELDS.filter(
  (f): f is Sr24Field & { label: string; unit: string } => f.label !== undefined,
);
