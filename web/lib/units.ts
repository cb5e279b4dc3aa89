import type { Units } from "../api/types.ts";
import { locale } from "../i18n/i18n.ts";

// The API stores metric values (kg, cm, metres); these convert for display and back.
export const KG_PER_LB = 0.45359237;
const CM_PER_INCH = 2.54;
export const M_PER_MILE = 1609.344;

export const METRIC: Units = { weight: "kg", distance: "km", height: "cm", energy: "kcal" };

export function number(value: number, digits = 1): string {
  return value.toLocaleString(locale.value, { maximumFractionDigits: digits });
}

/** A figure that may not have been given: "–" then, not 0. */
export function givenNumber(value: number | null | undefined, digits = 1): string {
  return value == null ? "–" : number(value, digits);
}

/** A typed number, or null when the field is empty. */
export const numberOrNull = (value: FormDataEntryValue | null) =>
  typeof value !== "string" || value.trim() === "" ? null : Number(value);

/** Numbers of one table column: one decimal on all once any has one (78.0 beside 78.5), else none. */
export function columnNumbers(values: number[]): (value: number) => string {
  const digits = values.some((v) => Math.round(v * 10) % 10 !== 0) ? 1 : 0;
  return (value) =>
    value.toLocaleString(locale.value, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
}

export function weightFromKg(kg: number, units: Units): number {
  if (units.weight === "kg") return kg;
  return units.weight === "lbs" ? kg / KG_PER_LB : kg / KG_PER_LB / 14;
}

export function weightToKg(value: number, units: Units): number {
  if (units.weight === "kg") return value;
  return units.weight === "lbs" ? value * KG_PER_LB : value * 14 * KG_PER_LB;
}

/** The weight unit as shown everywhere: "lb" (the stored setting is "lbs"), "kg", "st". */
export function weightUnit(units: Units): string {
  return units.weight === "lbs" ? "lb" : units.weight;
}

export function formatWeight(kg: number | null | undefined, units: Units): string {
  if (kg == null) return "–";
  if (units.weight !== "st") return `${number(weightFromKg(kg, units))} ${weightUnit(units)}`;
  const [stones, pounds] = stonesAndPounds(kg);
  return `${stones} st ${number(pounds)} lb`;
}

export function lengthFromCm(cm: number, units: Units): number {
  return units.height === "cm" ? cm : cm / CM_PER_INCH;
}

export function lengthToCm(value: number, units: Units): number {
  return units.height === "cm" ? value : value * CM_PER_INCH;
}

export function lengthUnit(units: Units): string {
  return units.height === "cm" ? "cm" : "in";
}

export function formatDistance(metres: number | null | undefined, units: Units): string {
  if (metres == null) return "–";
  return units.distance === "km"
    ? `${number(metres / 1000, 2)} km`
    : `${number(metres / M_PER_MILE, 2)} mi`;
}

/** Pace as minutes per km or mile, from metres per second. */
export function formatPace(mps: number | null | undefined, units: Units): string {
  if (!mps) return "–";
  const secondsPer = (units.distance === "km" ? 1000 : M_PER_MILE) / mps;
  const m = Math.floor(secondsPer / 60);
  const s = Math.round(secondsPer % 60);
  return `${m}:${String(s).padStart(2, "0")} /${units.distance === "km" ? "km" : "mi"}`;
}

export function paceMinutes(mps: number | null | undefined, units: Units): number | null {
  if (!mps || mps < 0.3) return null;
  return (units.distance === "km" ? 1000 : M_PER_MILE) / mps / 60;
}

export function bodyMassIndex(kg: number | null, cm: number | null): number | null {
  if (!kg || !cm) return null;
  return kg / (cm / 100) ** 2;
}

const FT_PER_M = 3.280839895;

/** The water unit is a preference of its own (ml, US fluid ounces or litres). */
export type WaterUnit = "ml" | "oz" | "liter";
const ML_PER: Record<WaterUnit, number> = { ml: 1, oz: 29.5735295625, liter: 1000 };
const WATER_LABEL: Record<WaterUnit, string> = { ml: "ml", oz: "fl oz", liter: "L" };

export function waterLabel(unit: WaterUnit): string {
  return WATER_LABEL[unit];
}

export function waterFromMl(ml: number, unit: WaterUnit): number {
  return ml / ML_PER[unit];
}

export function waterToMl(value: number, unit: WaterUnit): number {
  return value * ML_PER[unit];
}

export function formatWater(ml: number | null | undefined, unit: WaterUnit): string {
  if (ml == null) return "–";
  return `${number(waterFromMl(ml, unit), unit === "liter" ? 2 : 0)} ${WATER_LABEL[unit]}`;
}

/** Two everyday servings of water in the unit: a glass and a bottle, in ml. */
export function waterServings(unit: WaterUnit): number[] {
  return unit === "oz" ? [8, 16].map((oz) => waterToMl(oz, unit)) : [250, 500];
}

/** US customary units (pounds) also mean degrees Fahrenheit. */
function usCustomary(units: Units): boolean {
  return units.weight === "lbs";
}

/** Elevation follows the distance unit: feet with miles, metres with kilometres. */
export function formatElevation(metres: number | null | undefined, units: Units): string {
  if (metres == null) return "–";
  return units.distance === "miles"
    ? `${number(metres * FT_PER_M, 0)} ft`
    : `${number(metres, 0)} m`;
}

export function elevationFromM(metres: number, units: Units): number {
  return units.distance === "miles" ? metres * FT_PER_M : metres;
}

export function temperatureUnit(units: Units): string {
  return usCustomary(units) ? "°F" : "°C";
}

export function temperatureFromC(celsius: number, units: Units): number {
  return usCustomary(units) ? (celsius * 9) / 5 + 32 : celsius;
}

export function temperatureToC(value: number, units: Units): number {
  return usCustomary(units) ? ((value - 32) * 5) / 9 : value;
}

/** Whole feet and the inches left over, to a tenth of an inch. */
export function feetAndInches(cm: number): [number, number] {
  const inches = Math.round((cm / CM_PER_INCH) * 10) / 10;
  const feet = Math.floor(inches / 12);
  return [feet, Math.round((inches - feet * 12) * 10) / 10];
}

/** Whole stones and the pounds left over, to a tenth of a pound. */
export function stonesAndPounds(kg: number): [number, number] {
  const pounds = Math.round((kg / KG_PER_LB) * 10) / 10;
  const stones = Math.floor(pounds / 14);
  return [stones, Math.round((pounds - stones * 14) * 10) / 10];
}
