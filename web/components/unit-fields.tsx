import type { Units } from "../api/types.ts";
import {
  feetAndInches,
  KG_PER_LB,
  lengthToCm,
  stonesAndPounds,
  weightFromKg,
  weightToKg,
} from "../lib/units.ts";
import { Field } from "./ui.tsx";

type Props = { name: string; label: string; units: Units; stored: number | null | undefined };

const tenth = (value: number) => String(Math.round(value * 10) / 10);

/**
 * A height in the user's units: centimetres, or feet and inches (two inputs named
 * `<name>_ft` and `<name>_in`); `readHeightCm` reads either back.
 */
export function HeightInput({ name, label, units, stored }: Props) {
  if (units.height === "cm")
    return (
      <Field
        label={`${label} (cm)`}
        name={name}
        type="number"
        inputMode="decimal"
        step="0.1"
        min="0"
        defaultValue={stored == null ? "" : tenth(stored)}
      />
    );
  const [feet, inches] = stored == null ? ["", ""] : feetAndInches(stored);
  return (
    <fieldset class="pair">
      <legend>{label}</legend>
      <Field
        label="Feet (ft)"
        name={`${name}_ft`}
        type="number"
        inputMode="numeric"
        step="1"
        min="0"
        max="9"
        defaultValue={String(feet)}
      />
      <Field
        label="Inches (in)"
        name={`${name}_in`}
        type="number"
        inputMode="decimal"
        step="0.1"
        min="0"
        max="11.9"
        defaultValue={String(inches)}
      />
    </fieldset>
  );
}

/** The height typed, in cm; null when every input is empty. */
export function readHeightCm(form: FormData, name: string, units: Units): number | null {
  if (units.height === "cm") return numberOf(form, name);
  const feet = numberOf(form, `${name}_ft`);
  const inches = numberOf(form, `${name}_in`);
  if (feet == null && inches == null) return null;
  return lengthToCm((feet ?? 0) * 12 + (inches ?? 0), units);
}

/**
 * A body weight in the user's units: kg or lb in one input, stones and pounds in two
 * (`<name>_st`, `<name>_lb`); `readWeightKg` reads either back.
 */
export function WeightInput({ name, label, units, stored }: Props) {
  if (units.weight !== "st")
    return (
      <Field
        label={`${label} (${units.weight === "kg" ? "kg" : "lb"})`}
        name={name}
        type="number"
        inputMode="decimal"
        step="0.1"
        min="0"
        defaultValue={stored == null ? "" : tenth(weightFromKg(stored, units))}
      />
    );
  const [stones, pounds] = stored == null ? ["", ""] : stonesAndPounds(stored);
  return (
    <fieldset class="pair">
      <legend>{label}</legend>
      <Field
        label="Stones (st)"
        name={`${name}_st`}
        type="number"
        inputMode="numeric"
        step="1"
        min="0"
        defaultValue={String(stones)}
      />
      <Field
        label="Pounds (lb)"
        name={`${name}_lb`}
        type="number"
        inputMode="decimal"
        step="0.1"
        min="0"
        max="13.9"
        defaultValue={String(pounds)}
      />
    </fieldset>
  );
}

/** The weight typed, in kg; null when every input is empty. */
export function readWeightKg(form: FormData, name: string, units: Units): number | null {
  if (units.weight !== "st") {
    const value = numberOf(form, name);
    return value == null ? null : weightToKg(value, units);
  }
  const stones = numberOf(form, `${name}_st`);
  const pounds = numberOf(form, `${name}_lb`);
  if (stones == null && pounds == null) return null;
  return ((stones ?? 0) * 14 + (pounds ?? 0)) * KG_PER_LB;
}

function numberOf(form: FormData, name: string): number | null {
  const text = String(form.get(name) ?? "").trim();
  return text === "" ? null : Number(text);
}
