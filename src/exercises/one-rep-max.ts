/** Estimated one-rep max from a set of `reps` at `weight`, by a named formula. */

export const ONE_REP_MAX_FORMULAS = ["epley", "brzycki", "lombardi", "oconner"] as const;
export type OneRepMaxFormula = (typeof ONE_REP_MAX_FORMULAS)[number];

const FORMULAS: Record<OneRepMaxFormula, (weight: number, reps: number) => number> = {
  epley: (w, r) => w * (1 + r / 30),
  // Undefined from 37 reps on; capped below that so long sets still give a finite number.
  brzycki: (w, r) => (w * 36) / (37 - Math.min(r, 36)),
  lombardi: (w, r) => w * r ** 0.1,
  oconner: (w, r) => w * (1 + r / 40),
};

/** Null without a positive weight and rep count; a single rep is the weight itself. */
export function estimateOneRepMax(
  weight: number | null,
  reps: number | null,
  formula: OneRepMaxFormula = "epley",
): number | null {
  if (!weight || !reps || weight <= 0 || reps <= 0) return null;
  if (reps === 1) return weight;
  return Math.round(FORMULAS[formula](weight, reps) * 100) / 100;
}
