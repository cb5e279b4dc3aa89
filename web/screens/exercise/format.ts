import type { Units } from "../../api/types.ts";
import { formatClock } from "../../lib/dates.ts";
import { number } from "../../lib/units.ts";
import type { ExerciseEntry, ExerciseSet, PersonalRecord } from "./types.ts";

// Lifts are weighed in kg or lb (a profile in stones lifts in pounds); distances in km or mi.
const KG_PER_LB = 0.45359237;
const KM_PER_MILE = 1.609344;

export const liftUnit = (u: Units) => (u.weight === "kg" ? "kg" : "lb");
export const liftFromKg = (kg: number, u: Units) => (u.weight === "kg" ? kg : kg / KG_PER_LB);
export const liftToKg = (v: number, u: Units) => (u.weight === "kg" ? v : v * KG_PER_LB);
export const distanceUnit = (u: Units) => (u.distance === "km" ? "km" : "mi");
export const distanceFromKm = (km: number, u: Units) =>
  u.distance === "km" ? km : km / KM_PER_MILE;
export const distanceToKm = (v: number, u: Units) => (u.distance === "km" ? v : v * KM_PER_MILE);

/** A lift rounded for inputs and text: 82.5, 181.9. */
export const lift = (kg: number, u: Units) => Math.round(liftFromKg(kg, u) * 10) / 10;

export const SET_TYPE_LABELS: Record<string, string> = {
  warmup: "Warm-up",
  normal: "Working",
  drop: "Drop",
  failure: "To failure",
};

export function describeSet(set: ExerciseSet, u: Units): string {
  const weight = set.weight != null ? ` × ${number(lift(set.weight, u))} ${liftUnit(u)}` : "";
  const type =
    set.set_type && set.set_type !== "normal" ? ` (${SET_TYPE_LABELS[set.set_type]})` : "";
  return `${set.reps ?? 0}${weight}${type}`;
}

/** "30 min · 5 km · 150 bpm · 343 kcal", whatever the entry has. */
export function describeEntry(e: ExerciseEntry, u: Units): string {
  const parts: string[] = [];
  if (e.duration_minutes) parts.push(`${number(e.duration_minutes, 0)} min`);
  if (e.distance) parts.push(`${number(distanceFromKm(e.distance, u), 2)} ${distanceUnit(u)}`);
  if (e.avg_heart_rate) parts.push(`${number(e.avg_heart_rate, 0)} bpm`);
  if (e.calories_burned) parts.push(`${number(e.calories_burned, 0)} kcal`);
  return parts.join(" · ");
}

const RECORD_LABELS: Record<string, string> = {
  max_weight: "Heaviest weight",
  best_1rm: "Best estimated 1RM",
  max_reps: "Most reps",
  longest_distance: "Longest distance",
  fastest_1k: "Fastest 1 km",
  fastest_5k: "Fastest 5 km",
  fastest_10k: "Fastest 10 km",
};

export function recordLabel(r: PersonalRecord, u: Units): string {
  const label = RECORD_LABELS[r.record_type] ?? r.record_type;
  return r.record_type === "max_reps" && r.weight != null
    ? `${label} at ${number(lift(r.weight, u))}\u00a0${liftUnit(u)}`
    : label;
}

export function recordValue(r: PersonalRecord, u: Units): string {
  if (r.record_type.startsWith("fastest")) return formatClock(r.value);
  if (r.record_type === "max_reps") return `${number(r.value, 0)} reps`;
  if (r.record_type === "longest_distance")
    return `${number(distanceFromKm(r.value, u), 2)} ${distanceUnit(u)}`;
  return `${number(lift(r.value, u))} ${liftUnit(u)}`;
}
