import type { MeasurementField, Units } from "../../api/types.ts";
import { lengthFromCm, lengthToCm, lengthUnit, weightFromKg, weightToKg } from "../../lib/units.ts";

type Kind = "weight" | "length" | "plain";

/** The check-in fields people type, with how each converts between stored and shown units. */
export const FORM_FIELDS: {
  key: MeasurementField;
  label: string;
  kind: Kind;
  unit?: string;
  step: string;
}[] = [
  { key: "weight", label: "Weight", kind: "weight", step: "0.1" },
  { key: "body_fat_percentage", label: "Body fat", kind: "plain", unit: "%", step: "0.1" },
  { key: "waist", label: "Waist", kind: "length", step: "0.1" },
  { key: "neck", label: "Neck", kind: "length", step: "0.1" },
  { key: "hips", label: "Hips", kind: "length", step: "0.1" },
  { key: "steps", label: "Steps", kind: "plain", step: "1" },
  { key: "muscle_mass_kg", label: "Muscle mass", kind: "weight", step: "0.1" },
  { key: "body_water_percentage", label: "Body water", kind: "plain", unit: "%", step: "0.1" },
];

export function fieldUnit(kind: Kind, units: Units, unit?: string): string {
  if (kind === "weight") return units.weight;
  if (kind === "length") return lengthUnit(units);
  return unit ?? "";
}

export function toDisplay(kind: Kind, stored: number, units: Units): number {
  const value =
    kind === "weight"
      ? weightFromKg(stored, units)
      : kind === "length"
        ? lengthFromCm(stored, units)
        : stored;
  return Math.round(value * 10) / 10;
}

export function toStored(kind: Kind, shown: number, units: Units): number {
  if (kind === "weight") return weightToKg(shown, units);
  if (kind === "length") return lengthToCm(shown, units);
  return shown;
}
