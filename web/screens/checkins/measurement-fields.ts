import type { MeasurementField, Units } from "../../api/types.ts";
import { lengthFromCm, lengthToCm, lengthUnit, weightFromKg, weightToKg } from "../../lib/units.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";

type Kind = "weight" | "length" | "plain";

/** The check-in fields people type, with how each converts between stored and shown units. */
export const FORM_FIELDS: {
  key: MeasurementField;
  label: MessageKey;
  kind: Kind;
  unit?: string;
  step: string;
}[] = [
  { key: "weight", label: "checkins.weight", kind: "weight", step: "0.1" },
  { key: "body_fat_percentage", label: "checkins.bodyFat", kind: "plain", unit: "%", step: "0.1" },
  { key: "waist", label: "checkins.waist", kind: "length", step: "0.1" },
  { key: "neck", label: "checkins.neck", kind: "length", step: "0.1" },
  { key: "hips", label: "checkins.hips", kind: "length", step: "0.1" },
  { key: "steps", label: "checkins.steps", kind: "plain", step: "1" },
  { key: "muscle_mass_kg", label: "checkins.muscleMass", kind: "weight", step: "0.1" },
  {
    key: "body_water_percentage",
    label: "checkins.bodyWater",
    kind: "plain",
    unit: "%",
    step: "0.1",
  },
];

/** A field's label in the current language, with its unit when it has one: "Waist (cm)". */
export function fieldLabel(field: (typeof FORM_FIELDS)[number], units: Units): string {
  const unit = fieldUnit(field.kind, units, field.unit);
  return unit ? t("checkins.withUnit", { label: t(field.label), unit }) : t(field.label);
}

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
