import { daysBetween } from "../trackers/day-range.ts";
import type { WeighIn } from "./weight-trend.ts";

/** Energy stored in a kilogram of body mass lost or gained (mostly fat, some lean). */
const KCAL_PER_KG = 7700;
export const ESTIMATE_WINDOW_DAYS = 28;
const MIN_LOGGED_DAYS = 20;
const MIN_WEIGH_INS = 4;
const MIN_WEIGH_IN_SPAN_DAYS = 14;

export type EnergyEstimate =
  | {
      available: true;
      estimate_kcal: number;
      uncertainty_kcal: number;
      mean_intake_kcal: number;
      weight_change_kg_per_week: number;
      days_logged: number;
      weigh_ins: number;
    }
  | { available: false; reason: string; days_logged: number; weigh_ins: number };

/**
 * Energy expenditure from the last four weeks: what was eaten on average, less what the
 * weight trend says was stored. The uncertainty combines the standard error of the weight
 * slope (least squares) with that of the mean intake.
 */
export function estimateExpenditure(intakes: number[], weighIns: WeighIn[]): EnergyEstimate {
  const days_logged = intakes.length;
  const weigh_ins = weighIns.length;
  const span = weigh_ins > 1 ? daysBetween(weighIns[0]!.date, weighIns[weigh_ins - 1]!.date) : 0;
  if (days_logged < MIN_LOGGED_DAYS || weigh_ins < MIN_WEIGH_INS || span < MIN_WEIGH_IN_SPAN_DAYS) {
    return {
      available: false,
      reason: `Needs food logged on ${MIN_LOGGED_DAYS} of the last ${ESTIMATE_WINDOW_DAYS} days and ${MIN_WEIGH_INS} weigh-ins over ${MIN_WEIGH_IN_SPAN_DAYS} days or more.`,
      days_logged,
      weigh_ins,
    };
  }
  const x = weighIns.map((w) => daysBetween(weighIns[0]!.date, w.date));
  const y = weighIns.map((w) => w.weight);
  const mean = (v: number[]) => v.reduce((s, n) => s + n, 0) / v.length;
  const [mx, my] = [mean(x), mean(y)];
  const sxx = x.reduce((s, xi) => s + (xi - mx) ** 2, 0);
  const slope = x.reduce((s, xi, i) => s + (xi - mx) * (y[i]! - my), 0) / sxx;
  const residual = y.reduce((s, yi, i) => s + (yi - my - slope * (x[i]! - mx)) ** 2, 0);
  const slopeError = Math.sqrt(residual / (weigh_ins - 2) / sxx);
  const meanIntake = mean(intakes);
  const intakeError = Math.sqrt(
    intakes.reduce((s, n) => s + (n - meanIntake) ** 2, 0) / (days_logged - 1) / days_logged,
  );
  return {
    available: true,
    estimate_kcal: Math.round(meanIntake - slope * KCAL_PER_KG),
    uncertainty_kcal: Math.round(Math.hypot(slopeError * KCAL_PER_KG, intakeError)),
    mean_intake_kcal: Math.round(meanIntake),
    weight_change_kg_per_week: Math.round(slope * 7 * 100) / 100,
    days_logged,
    weigh_ins,
  };
}
