import { daysBetween } from "../trackers/day-range.ts";

/** Share of the gap between the trend and a new weigh-in taken per day (a 10% daily average). */
const DAILY_SMOOTHING = 0.1;

export type WeighIn = { date: string; weight: number };

/**
 * An exponentially smoothed weight trend: day-to-day water swings fade, a real change
 * shows. A weigh-in after a gap of n days moves the trend as n daily steps would.
 */
export function smoothWeights<T extends WeighIn>(weighIns: T[]): (T & { trend: number })[] {
  let trend: number | null = null;
  let previous: string | null = null;
  return weighIns.map((w) => {
    if (trend === null || previous === null) {
      trend = w.weight;
    } else {
      const share = 1 - (1 - DAILY_SMOOTHING) ** Math.max(1, daysBetween(previous, w.date));
      trend += share * (w.weight - trend);
    }
    previous = w.date;
    return { ...w, trend: Math.round(trend * 100) / 100 };
  });
}
