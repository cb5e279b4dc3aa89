import { num } from "../activity.ts";

/** A decoded FIT message as the SDK gives it (camelCase field names, scaled values). */
export type Mesg = Record<string, unknown>;

// FIT times count seconds from 1989-12-31T00:00:00Z.
const FIT_EPOCH_MS = 631_065_600_000;

/** Epoch ms of a FIT time (seconds, possibly fractional), or null. */
export function fitTime(value: unknown): number | null {
  const seconds = num(value);
  return seconds === null ? null : FIT_EPOCH_MS + Math.round(seconds * 1000);
}

/** A message's start and end in epoch ms: its end is at least start + elapsed time. */
export function span(m: Mesg): { start: number; end: number } | null {
  const start = fitTime(m.startTime);
  if (start === null) return null;
  const stamped = fitTime(m.timestamp);
  const elapsed = num(m.totalElapsedTime);
  const byElapsed = elapsed === null ? start : start + Math.round(elapsed * 1000);
  return { start, end: Math.max(stamped ?? start, byElapsed) };
}
