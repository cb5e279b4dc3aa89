import type { Units } from "../api/types.ts";

// The API stores metric values (kg, cm, metres); these convert for display and back.
const KG_PER_LB = 0.45359237;
const CM_PER_INCH = 2.54;
const M_PER_MILE = 1609.344;

export const METRIC: Units = { weight: "kg", distance: "km", height: "cm", energy: "kcal" };

export function number(value: number, digits = 1): string {
  return value.toLocaleString(undefined, { maximumFractionDigits: digits });
}

export function weightFromKg(kg: number, units: Units): number {
  if (units.weight === "kg") return kg;
  return units.weight === "lbs" ? kg / KG_PER_LB : kg / KG_PER_LB / 14;
}

export function weightToKg(value: number, units: Units): number {
  if (units.weight === "kg") return value;
  return units.weight === "lbs" ? value * KG_PER_LB : value * 14 * KG_PER_LB;
}

export function formatWeight(kg: number | null | undefined, units: Units): string {
  return kg == null ? "–" : `${number(weightFromKg(kg, units))} ${units.weight}`;
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
