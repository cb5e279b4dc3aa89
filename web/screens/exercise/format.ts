import type { Units } from "../../api/types.ts";
import { formatClock } from "../../lib/dates.ts";
import { number } from "../../lib/units.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";
import type { ExerciseEntry, ExerciseSet, PersonalRecord, SetType } from "./types.ts";

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

const SET_TYPE_LABELS: Record<SetType, MessageKey> = {
  warmup: "exercise.setWarmup",
  normal: "exercise.setWorking",
  drop: "exercise.setDrop",
  failure: "exercise.setFailure",
  cooldown: "exercise.setCooldown",
};

export const setTypeLabel = (type: SetType) => t(SET_TYPE_LABELS[type]);

export function describeSet(set: ExerciseSet, u: Units): string {
  const weight = set.weight != null ? ` × ${number(lift(set.weight, u))} ${liftUnit(u)}` : "";
  const type = set.set_type && set.set_type !== "normal" ? ` (${setTypeLabel(set.set_type)})` : "";
  return `${number(set.reps ?? 0, 0)}${weight}${type}`;
}

/** "30 min · 5 km · 150 bpm · 343 kcal", whatever the entry has. */
export function describeEntry(e: ExerciseEntry, u: Units): string[] {
  const parts: string[] = [];
  if (e.duration_minutes)
    parts.push(t("exercise.minutes", { minutes: number(e.duration_minutes, 0) }));
  if (e.distance) parts.push(`${number(distanceFromKm(e.distance, u), 2)} ${distanceUnit(u)}`);
  if (e.avg_heart_rate) parts.push(t("exercise.bpm", { bpm: number(e.avg_heart_rate, 0) }));
  if (e.calories_burned) parts.push(t("diary.kcal", { kcal: number(e.calories_burned, 0) }));
  return parts;
}

const RECORD_LABELS: Record<string, MessageKey> = {
  max_weight: "exercise.recordMaxWeight",
  best_1rm: "exercise.recordBest1rm",
  max_reps: "exercise.recordMaxReps",
  longest_distance: "exercise.recordLongest",
  fastest_1k: "exercise.recordFastest1k",
  fastest_5k: "exercise.recordFastest5k",
  fastest_10k: "exercise.recordFastest10k",
};

export function recordLabel(r: PersonalRecord, u: Units): string {
  if (r.record_type === "max_reps" && r.weight != null)
    return t("exercise.recordMaxRepsAt", {
      weight: `${number(lift(r.weight, u))}\u00a0${liftUnit(u)}`,
    });
  const key = RECORD_LABELS[r.record_type];
  return key ? t(key) : r.record_type;
}

export function recordValue(r: PersonalRecord, u: Units): string {
  if (r.record_type.startsWith("fastest")) return formatClock(r.value);
  if (r.record_type === "max_reps") return t("exercise.reps", { count: r.value });
  if (r.record_type === "longest_distance")
    return `${number(distanceFromKm(r.value, u), 2)} ${distanceUnit(u)}`;
  return `${number(lift(r.value, u))} ${liftUnit(u)}`;
}
