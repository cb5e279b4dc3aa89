/**
 * Daily targets for minerals and vitamins from the Dietary Reference Intakes (National
 * Academies of Sciences, Engineering, and Medicine; RDA where set, else AI; potassium per
 * the 2019 update). Each row lists the values for: males 14-18, 19-30, 31-50, 51-70, 71+;
 * females 14-18, 19-30, 31-50, 51-70, 71+; pregnancy (19-50); lactation (19-50).
 * `key` is the diary's nutrient: a column name, or a custom_nutrients label of the built-in foods.
 */
type Row = { key: string; label: string; unit: string; values: number[] };

export const DRI_ROWS: Row[] = [
  {
    key: "calcium",
    label: "Calcium",
    unit: "mg",
    values: [1300, 1000, 1000, 1000, 1200, 1300, 1000, 1000, 1200, 1200, 1000, 1000],
  },
  { key: "iron", label: "Iron", unit: "mg", values: [11, 8, 8, 8, 8, 15, 18, 18, 8, 8, 27, 9] },
  {
    key: "potassium",
    label: "Potassium",
    unit: "mg",
    values: [3000, 3400, 3400, 3400, 3400, 2300, 2600, 2600, 2600, 2600, 2900, 2800],
  },
  {
    key: "Magnesium",
    label: "Magnesium",
    unit: "mg",
    values: [410, 400, 420, 420, 420, 360, 310, 320, 320, 320, 350, 310],
  },
  {
    key: "Phosphorus",
    label: "Phosphorus",
    unit: "mg",
    values: [1250, 700, 700, 700, 700, 1250, 700, 700, 700, 700, 700, 700],
  },
  { key: "Zinc", label: "Zinc", unit: "mg", values: [11, 11, 11, 11, 11, 9, 8, 8, 8, 8, 11, 12] },
  {
    key: "Copper",
    label: "Copper",
    unit: "mg",
    values: [0.89, 0.9, 0.9, 0.9, 0.9, 0.89, 0.9, 0.9, 0.9, 0.9, 1, 1.3],
  },
  {
    key: "Manganese",
    label: "Manganese",
    unit: "mg",
    values: [2.2, 2.3, 2.3, 2.3, 2.3, 1.6, 1.8, 1.8, 1.8, 1.8, 2, 2.6],
  },
  {
    key: "Selenium",
    label: "Selenium",
    unit: "µg",
    values: [55, 55, 55, 55, 55, 55, 55, 55, 55, 55, 60, 70],
  },
  {
    key: "vitamin_a",
    label: "Vitamin A",
    unit: "µg",
    values: [900, 900, 900, 900, 900, 700, 700, 700, 700, 700, 770, 1300],
  },
  {
    key: "vitamin_c",
    label: "Vitamin C",
    unit: "mg",
    values: [75, 90, 90, 90, 90, 65, 75, 75, 75, 75, 85, 120],
  },
  {
    key: "Vitamin D",
    label: "Vitamin D",
    unit: "µg",
    values: [15, 15, 15, 15, 20, 15, 15, 15, 15, 20, 15, 15],
  },
  {
    key: "Vitamin E",
    label: "Vitamin E",
    unit: "mg",
    values: [15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 19],
  },
  {
    key: "Vitamin K",
    label: "Vitamin K",
    unit: "µg",
    values: [75, 120, 120, 120, 120, 75, 90, 90, 90, 90, 90, 90],
  },
  {
    key: "Thiamin",
    label: "Thiamin",
    unit: "mg",
    values: [1.2, 1.2, 1.2, 1.2, 1.2, 1, 1.1, 1.1, 1.1, 1.1, 1.4, 1.4],
  },
  {
    key: "Riboflavin",
    label: "Riboflavin",
    unit: "mg",
    values: [1.3, 1.3, 1.3, 1.3, 1.3, 1, 1.1, 1.1, 1.1, 1.1, 1.4, 1.6],
  },
  {
    key: "Niacin",
    label: "Niacin",
    unit: "mg",
    values: [16, 16, 16, 16, 16, 14, 14, 14, 14, 14, 18, 17],
  },
  {
    key: "Pantothenic acid",
    label: "Pantothenic acid",
    unit: "mg",
    values: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 6, 7],
  },
  {
    key: "Vitamin B6",
    label: "Vitamin B6",
    unit: "mg",
    values: [1.3, 1.3, 1.3, 1.7, 1.7, 1.2, 1.3, 1.3, 1.5, 1.5, 1.9, 2],
  },
  {
    key: "Folate",
    label: "Folate",
    unit: "µg",
    values: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 600, 500],
  },
  {
    key: "Vitamin B12",
    label: "Vitamin B12",
    unit: "µg",
    values: [2.4, 2.4, 2.4, 2.4, 2.4, 2.4, 2.4, 2.4, 2.4, 2.4, 2.6, 2.8],
  },
  {
    key: "Choline",
    label: "Choline",
    unit: "mg",
    values: [550, 550, 550, 550, 550, 400, 425, 425, 425, 425, 450, 550],
  },
];

export type LifeStage = "pregnancy" | "lactation";
export type DriProfile = { age: number | null; sex: string | null; lifeStage: LifeStage | null };

function ageColumn(age: number | null): number {
  if (age === null) return 2; // unknown: an adult of 31-50
  if (age < 19) return 0;
  if (age < 31) return 1;
  if (age < 51) return 2;
  return age < 71 ? 3 : 4;
}

/**
 * The DRI value of each row for a profile. Pregnancy and lactation take their own columns;
 * a sex other than male or female (or none) takes the higher of the two.
 */
export function driTargets(profile: DriProfile): Map<string, number> {
  const age = ageColumn(profile.age);
  const pick = (values: number[]) => {
    if (profile.lifeStage === "pregnancy") return values[10]!;
    if (profile.lifeStage === "lactation") return values[11]!;
    if (profile.sex === "male") return values[age]!;
    if (profile.sex === "female") return values[5 + age]!;
    return Math.max(values[age]!, values[5 + age]!);
  };
  return new Map(DRI_ROWS.map((row) => [row.key, pick(row.values)]));
}
