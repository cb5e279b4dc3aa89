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
import { t, type MessageKey } from "../i18n/i18n.ts";

type Props = { name: string; label: string; units: Units; stored: number | null | undefined };

/**
 * A measure typed in two inputs, `<name>_<suffix>` each, the first whole and the second to a
 * tenth, with `per` of the second in one of the first: feet and inches, stones and pounds.
 */
type Split = { parts: [Part, Part]; per: number };
type Part = { label: MessageKey; suffix: string; step: "1" | "0.1"; max?: string };

const FEET_AND_INCHES: Split = {
  parts: [
    { label: "units.feet", suffix: "ft", step: "1", max: "9" },
    { label: "units.inches", suffix: "in", step: "0.1", max: "11.9" },
  ],
  per: 12,
};

const STONES_AND_POUNDS: Split = {
  parts: [
    { label: "units.stones", suffix: "st", step: "1" },
    { label: "units.pounds", suffix: "lb", step: "0.1", max: "13.9" },
  ],
  per: 14,
};

const tenth = (value: number) => String(Math.round(value * 10) / 10);

/**
 * A height in the user's units: centimetres, or feet and inches (two inputs named
 * `<name>_ft` and `<name>_in`); `readHeightCm` reads either back.
 */
export function HeightInput({ name, label, units, stored }: Props) {
  if (units.height === "cm")
    return <DecimalInput label={`${label} (cm)`} name={name} value={stored} />;
  const values = stored == null ? null : feetAndInches(stored);
  return <SplitInput name={name} label={label} split={FEET_AND_INCHES} values={values} />;
}

/** The height typed, in cm; null when every input is empty. */
export function readHeightCm(form: FormData, name: string, units: Units): number | null {
  if (units.height === "cm") return numberOf(form, name);
  const inches = readSplit(form, name, FEET_AND_INCHES);
  return inches == null ? null : lengthToCm(inches, units);
}

/**
 * A body weight in the user's units: kg or lb in one input, stones and pounds in two
 * (`<name>_st`, `<name>_lb`); `readWeightKg` reads either back.
 */
export function WeightInput({ name, label, units, stored }: Props) {
  if (units.weight !== "st")
    return (
      <DecimalInput
        label={`${label} (${units.weight === "kg" ? "kg" : "lb"})`}
        name={name}
        value={stored == null ? null : weightFromKg(stored, units)}
      />
    );
  const values = stored == null ? null : stonesAndPounds(stored);
  return <SplitInput name={name} label={label} split={STONES_AND_POUNDS} values={values} />;
}

/** The weight typed, in kg; null when every input is empty. */
export function readWeightKg(form: FormData, name: string, units: Units): number | null {
  if (units.weight !== "st") {
    const value = numberOf(form, name);
    return value == null ? null : weightToKg(value, units);
  }
  const pounds = readSplit(form, name, STONES_AND_POUNDS);
  return pounds == null ? null : pounds * KG_PER_LB;
}

function DecimalInput(props: { label: string; name: string; value: number | null | undefined }) {
  return (
    <Field
      label={props.label}
      name={props.name}
      type="number"
      inputMode="decimal"
      step="0.1"
      min="0"
      defaultValue={props.value == null ? "" : tenth(props.value)}
    />
  );
}

function SplitInput(props: {
  name: string;
  label: string;
  split: Split;
  values: [number, number] | null;
}) {
  return (
    <fieldset class="pair">
      <legend>{props.label}</legend>
      {props.split.parts.map((part, i) => (
        <Field
          key={part.suffix}
          label={t(part.label)}
          name={`${props.name}_${part.suffix}`}
          type="number"
          inputMode={part.step === "1" ? "numeric" : "decimal"}
          step={part.step}
          min="0"
          max={part.max}
          defaultValue={props.values == null ? "" : String(props.values[i])}
        />
      ))}
    </fieldset>
  );
}

/** The split measure typed, in its smaller unit; null when both inputs are empty. */
function readSplit(form: FormData, name: string, split: Split): number | null {
  const [large, small] = split.parts.map((part) => numberOf(form, `${name}_${part.suffix}`));
  if (large == null && small == null) return null;
  return (large ?? 0) * split.per + (small ?? 0);
}

function numberOf(form: FormData, name: string): number | null {
  const text = String(form.get(name) ?? "").trim();
  return text === "" ? null : Number(text);
}
