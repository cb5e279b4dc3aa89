/**
 * Estimated amount of a drug in the body over time: a one-compartment model with
 * first-order elimination and each dose absorbed at once (a bolus),
 *
 *   A(t) = Σ over doses i with t_i ≤ t of  D_i · e^(−k · (t − t_i)),  k = ln 2 / t½
 *
 * so each dose halves every half-life and doses add up. It is an estimate for weekly
 * injectables such as GLP-1 medications, not a measured blood level.
 */

export type Dose = { at: Date; amount: number };
export type LevelPoint = { at: string; amount: number };

const HOUR_MS = 3_600_000;

/** The estimated amount at `at`, from the doses given up to then. */
export function levelAt(doses: Dose[], at: Date, halfLifeHours: number): number {
  const k = Math.LN2 / halfLifeHours;
  let amount = 0;
  for (const dose of doses) {
    const hours = (at.getTime() - dose.at.getTime()) / HOUR_MS;
    if (hours >= 0) amount += dose.amount * Math.exp(-k * hours);
  }
  return amount;
}

/** The curve from `from` to `to` every `stepHours`, amounts rounded to 4 decimals. */
export function levelCurve(
  doses: Dose[],
  from: Date,
  to: Date,
  stepHours: number,
  halfLifeHours: number,
): LevelPoint[] {
  const points: LevelPoint[] = [];
  for (let t = from.getTime(); t <= to.getTime(); t += stepHours * HOUR_MS) {
    const at = new Date(t);
    const amount = Math.round(levelAt(doses, at, halfLifeHours) * 10_000) / 10_000;
    points.push({ at: at.toISOString(), amount });
  }
  return points;
}
