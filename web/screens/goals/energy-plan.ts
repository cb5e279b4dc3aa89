import type { CheckIn, Preferences, Profile } from "../../api/types.ts";
import {
  ageOn,
  dailyExpenditure,
  projectedDay,
  restingEnergy,
  weeklyChange,
  type RestingEnergy,
} from "../../lib/energy.ts";

export type EnergyPlan = {
  resting: RestingEnergy | null;
  /** kcal a day at the profile's activity level; null without resting energy. */
  expenditure: number | null;
  weightKg: number | null;
  goalKcal: number | null;
  targetKg: number | null;
  /** The weekly change the calorie goal gives (kg, negative: losing). */
  kgPerWeek: number | null;
  /** When the goal weight is reached at that rate. */
  projected: string | null;
};

/** The energy picture of a day from the profile, the latest check-ins and the day's goals. */
export function energyPlan(
  day: string,
  profile: Profile,
  preferences: Preferences,
  checkIns: CheckIn[],
  goals: { calories?: number | null; target_weight?: number | null },
): EnergyPlan {
  const weightKg = checkIns.findLast((c) => c.weight != null)?.weight ?? null;
  const resting = restingEnergy({
    sex: profile.sex,
    ageYears: ageOn(profile.date_of_birth, day),
    heightCm: profile.height,
    weightKg,
    bodyFatPercent:
      checkIns.findLast((c) => c.body_fat_percentage != null)?.body_fat_percentage ?? null,
    activity: preferences.activity_level,
  });
  const expenditure = resting ? dailyExpenditure(resting.kcal, preferences.activity_level) : null;
  const goalKcal = goals.calories ?? null;
  const targetKg = goals.target_weight ?? null;
  const kgPerWeek =
    expenditure != null && goalKcal != null ? weeklyChange(expenditure, goalKcal) : null;
  const projected =
    weightKg != null && targetKg != null && kgPerWeek != null
      ? projectedDay(day, weightKg, targetKg, kgPerWeek)
      : null;
  return { resting, expenditure, weightKg, goalKcal, targetKg, kgPerWeek, projected };
}
