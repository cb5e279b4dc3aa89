import type { HrSeries } from "./series.ts";
import { roundTo } from "./track-math.ts";

/** Zone k starts at ZONE_START_PERCENT[k-1] % of maximum heart rate. */
export const ZONE_START_PERCENT = [50, 60, 70, 80, 90] as const;
/** A longer pause between two samples credits at most this long to the earlier sample's zone. */
export const MAX_CREDITED_GAP_MS = 60_000;

export type ZoneProfile = { maxHeartRate: number | null; dateOfBirth: string | null };

export type HrZone = {
  zone: number;
  min_bpm: number;
  /** Null for the top zone, which has no upper bound. */
  max_bpm: number | null;
  seconds: number;
  max_heart_rate: number;
};

/**
 * The profile's max_heart_rate; else the Nes formula round(211 - 0.64 * age) with the age on
 * `day` (YYYY-MM-DD); else the highest observed value. Null without any of them.
 */
export function estimateMaxHeartRate(
  profile: ZoneProfile,
  day: string,
  observedMax: number | null,
) {
  if (profile.maxHeartRate) return profile.maxHeartRate;
  if (profile.dateOfBirth) return Math.round(211 - 0.64 * ageOn(profile.dateOfBirth, day));
  return observedMax === null ? null : Math.round(observedMax);
}

function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * Seconds in each of five zones. Each gap between consecutive samples is credited to the
 * zone of the earlier sample, capped at MAX_CREDITED_GAP_MS; time below zone 1 is not
 * counted. Bounds are whole bpm: zone k covers [min_bpm, next zone's min_bpm - 1].
 */
export function computeHrZones(hr: HrSeries, maxHeartRate: number): HrZone[] {
  const starts = ZONE_START_PERCENT.map((p) => Math.round((maxHeartRate * p) / 100));
  const credited = [0, 0, 0, 0, 0];
  for (let i = 0; i + 1 < hr.t.length; i++) {
    const gap = Math.min(hr.t[i + 1]! - hr.t[i]!, MAX_CREDITED_GAP_MS);
    const bpm = hr.bpm[i]!;
    for (let z = starts.length - 1; z >= 0; z--) {
      if (bpm >= starts[z]!) {
        credited[z]! += gap;
        break;
      }
    }
  }
  return starts.map((start, z) => ({
    zone: z + 1,
    min_bpm: start,
    max_bpm: z + 1 < starts.length ? starts[z + 1]! - 1 : null,
    seconds: roundTo(credited[z]! / 1000, 3),
    max_heart_rate: maxHeartRate,
  }));
}
