import { addDays } from "./dates.ts";

/** Multipliers of resting energy for the activity levels onboarding asks about. */
export const ACTIVITY_FACTORS: Record<string, number> = {
  not_much: 1.2,
  light: 1.375,
  moderate: 1.55,
  heavy: 1.725,
};
/** The usual energy in a kilogram of body weight change. */
const KCAL_PER_KG = 7700;

export type Body = {
  sex: string | null;
  ageYears: number | null;
  heightCm: number | null;
  weightKg: number | null;
  bodyFatPercent: number | null;
  activity: string;
};

export type RestingEnergy = { kcal: number; formula: "Katch-McArdle" | "Mifflin-St Jeor" };

/**
 * Resting energy: Katch-McArdle from lean mass when body fat is known, otherwise
 * Mifflin-St Jeor from weight, height, age and sex. Null when the profile lacks a figure.
 */
export function restingEnergy(body: Body): RestingEnergy | null {
  const { weightKg, bodyFatPercent, heightCm, ageYears, sex } = body;
  if (weightKg == null) return null;
  if (bodyFatPercent != null) {
    const lean = weightKg * (1 - bodyFatPercent / 100);
    return { kcal: 370 + 21.6 * lean, formula: "Katch-McArdle" };
  }
  if (heightCm == null || ageYears == null || (sex !== "male" && sex !== "female")) return null;
  const base = 10 * weightKg + 6.25 * heightCm - 5 * ageYears;
  return { kcal: base + (sex === "male" ? 5 : -161), formula: "Mifflin-St Jeor" };
}

/** What a day costs: resting energy times the activity level's factor. */
export function dailyExpenditure(resting: number, activity: string): number {
  return resting * (ACTIVITY_FACTORS[activity] ?? ACTIVITY_FACTORS.not_much!);
}

/** The daily calorie goal that changes weight by `kgPerWeek` (negative to lose). */
export function calorieGoal(expenditure: number, kgPerWeek: number): number {
  return Math.round(expenditure + (kgPerWeek * KCAL_PER_KG) / 7);
}

/** The weekly weight change a daily calorie goal gives, from the day's expenditure. */
export function weeklyChange(expenditure: number, goalKcal: number): number {
  return ((goalKcal - expenditure) * 7) / KCAL_PER_KG;
}

/** The day the goal weight is reached at `kgPerWeek`; null when that rate never gets there. */
export function projectedDay(
  fromDay: string,
  weightKg: number,
  goalKg: number,
  kgPerWeek: number,
): string | null {
  if (Math.abs(goalKg - weightKg) < 0.05) return fromDay;
  const weeks = (goalKg - weightKg) / kgPerWeek;
  if (!Number.isFinite(weeks) || weeks <= 0 || weeks > 520) return null;
  return addDays(fromDay, Math.ceil(weeks * 7));
}

/** Whole years between a date of birth and a day. */
export function ageOn(dateOfBirth: string | null, day: string): number | null {
  if (!dateOfBirth) return null;
  const years = Number(day.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return day.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}
