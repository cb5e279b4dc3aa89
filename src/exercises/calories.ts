import type { Tx } from "../db.ts";

/** When a weight is unknown: the reference adult of the MET tables. */
export const DEFAULT_WEIGHT_KG = 70;

/** The latest check-in weight on or before `day` (else the earliest after it), in kg. */
export async function latestWeightKg(tx: Tx, userId: string, day: string): Promise<number> {
  const [row] = await tx<{ weight: number | null }[]>`
    select weight from check_in_measurements
     where user_id = ${userId} and weight is not null
     order by (entry_date <= ${day}) desc, abs(entry_date - ${day}::date)
     limit 1`;
  return row?.weight ?? DEFAULT_WEIGHT_KG;
}

/** kcal = MET x body weight (kg) x hours, rounded to a whole kcal. */
export function estimateCalories(met: number | null, weightKg: number, minutes: number): number {
  if (!met || minutes <= 0) return 0;
  return Math.round(met * weightKg * (minutes / 60));
}
