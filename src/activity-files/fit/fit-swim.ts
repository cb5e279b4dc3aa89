import { num, type SwimSummary } from "../activity.ts";
import { fitTime, type Mesg } from "./fit-messages.ts";

/**
 * A pool swim's session as swimmers read it: pool length, active lengths, strokes, SWOLF
 * (seconds plus strokes per length) and the rests (idle lengths). The device's own figures
 * win; the lengths fill in what the session lacks. Null for other sessions.
 */
export function swimSummary(session: Mesg, lengths: Mesg[]): SwimSummary | null {
  if (session.sport !== "swimming") return null;
  const poolLength = num(session.poolLength);
  if (poolLength === null && lengths.length === 0) return null;
  const active = lengths.filter((l) => l.lengthType !== "idle");
  const activeStrokes = active.map((l) => num(l.totalStrokes));
  const strokes =
    num(session.totalCycles) ??
    (activeStrokes.some((s) => s !== null) ? sum(activeStrokes.map((s) => s ?? 0)) : null);
  const swolfs = active
    .map((l, i) => {
      const seconds = num(l.totalTimerTime) ?? num(l.totalElapsedTime);
      return seconds === null || activeStrokes[i] === null ? null : seconds + activeStrokes[i]!;
    })
    .filter((s): s is number => s !== null);
  const swolf =
    num(session.avgSwolf) ?? (swolfs.length ? Math.round(sum(swolfs) / swolfs.length) : null);
  return {
    pool_length_m: poolLength,
    active_lengths: num(session.numActiveLengths) ?? active.length,
    strokes,
    swolf,
    rest_intervals: lengths
      .filter((l) => l.lengthType === "idle" && fitTime(l.startTime) !== null)
      .map((l) => ({
        start_time: new Date(fitTime(l.startTime)!).toISOString(),
        seconds: num(l.totalElapsedTime) ?? 0,
      })),
  };
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
