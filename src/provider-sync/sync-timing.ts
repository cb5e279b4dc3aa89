import type { SyncFrequency } from "./connection-queries.ts";

const HOUR_MS = 3_600_000;
const INTERVALS: Record<SyncFrequency, number | null> = {
  hourly: HOUR_MS,
  every_6_hours: 6 * HOUR_MS,
  daily: 24 * HOUR_MS,
  manual: null,
};

/** When a connection syncs next by its frequency; null for manual (only "sync now"). */
export function nextRunAt(frequency: SyncFrequency, from = Date.now()): Date | null {
  const interval = INTERVALS[frequency];
  return interval === null ? null : new Date(from + interval);
}

/** Exponential back-off after a failure that was not a 429: 1, 2, 4 ... minutes, at most 6 hours. */
export function retryDelaySeconds(failures: number): number {
  return Math.min(60 * 2 ** Math.max(failures - 1, 0), 6 * 3600);
}
