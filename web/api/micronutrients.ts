import type { MessageKey } from "../i18n/i18n.ts";

export type MicronutrientTarget = {
  /** A diary column ("potassium") or a built-in food's nutrient label ("Vitamin D"). */
  key: string;
  label: string;
  unit: string;
  target: number;
  source: "dri" | "own";
  dri: number;
  eaten: number;
  percent: number;
};

export type MicronutrientTargets = {
  date: string;
  age: number | null;
  sex: string | null;
  life_stage: "pregnancy" | "lactation" | null;
  targets: MicronutrientTarget[];
};

/** The catalogue key naming a nutrient: "Vitamin B12" is `nutrient.vitamin_b12`. */
export const nutrientKey = (key: string) =>
  `nutrient.${key.toLowerCase().replace(/ /g, "_")}` as MessageKey;
