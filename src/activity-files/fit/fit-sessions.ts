import type { LapFigure } from "../../workouts/series.ts";
import type { Telemetry } from "../../workouts/telemetry.ts";
import { num, type ActivitySession } from "../activity.ts";
import { fitTime, span, type Mesg } from "./fit-messages.ts";
import { countsStrides, fitSportName } from "./fit-sports.ts";
import { swimSummary } from "./fit-swim.ts";

/** The device's session messages as sessions, in time order; lengths and sets by window. */
export function readSessions(
  sessionMesgs: Mesg[],
  lengthMesgs: Mesg[],
  setMesgs: Mesg[],
): ActivitySession[] {
  const sessions = sessionMesgs
    .map((m) => ({ m, window: span(m) }))
    .filter((s): s is { m: Mesg; window: { start: number; end: number } } => s.window !== null)
    .sort((a, b) => a.window.start - b.window.start);
  return sessions.map(({ m, window }) => {
    const inside = (x: Mesg) => {
      const t = fitTime(x.startTime) ?? fitTime(x.timestamp);
      return t !== null && t >= window.start && t <= window.end;
    };
    return {
      sport: fitSportName(m.sport, m.subSport),
      start: window.start,
      end: window.end,
      timerSeconds: num(m.totalTimerTime) ?? num(m.totalElapsedTime),
      distanceMeters: num(m.totalDistance),
      calories: num(m.totalCalories),
      totals: sessionTotals(m),
      normalizedPowerWatts: num(m.normalizedPower),
      firstLapIndex: num(m.firstLapIndex) ?? 0,
      lapCount: num(m.numLaps) ?? 0,
      setCount: setMesgs.filter((s) => s.setType !== "rest" && inside(s)).length,
      swim: swimSummary(m, lengthMesgs.filter(inside)),
    };
  });
}

/** One session's own figures as telemetry columns; running cadence in steps per minute. */
function sessionTotals(m: Mesg): Partial<Telemetry> {
  return present({
    elapsed_time_seconds: num(m.totalElapsedTime),
    moving_time_seconds: num(m.totalMovingTime),
    ...summaryFigures(m, m.sport),
    stroke_count: m.sport === "swimming" ? num(m.totalCycles) : null,
  });
}

/**
 * A lap message's figures as the served lap names them; `sport` is the lap's, else its
 * session's (FIT counts foot sports' cadence in strides).
 */
export function lapFigures(m: Mesg, sport: unknown): Partial<Record<LapFigure, number>> {
  return present({
    duration_seconds: num(m.totalElapsedTime),
    timer_time_seconds: num(m.totalTimerTime),
    distance_meters: num(m.totalDistance),
    calories: num(m.totalCalories),
    ...summaryFigures(m, m.sport ?? sport),
  });
}

/** Heart rate, speed, cadence, power and ascent as a session or lap message has them. */
function summaryFigures(m: Mesg, sport: unknown) {
  const strides = countsStrides(sport) ? 2 : 1;
  const cadence = (whole: unknown, fraction: unknown) => {
    const c = num(whole);
    return c === null ? null : (c + (num(fraction) ?? 0)) * strides;
  };
  return {
    avg_heart_rate: num(m.avgHeartRate),
    max_heart_rate: num(m.maxHeartRate),
    avg_speed_mps: num(m.enhancedAvgSpeed) ?? num(m.avgSpeed),
    max_speed_mps: num(m.enhancedMaxSpeed) ?? num(m.maxSpeed),
    avg_cadence: cadence(m.avgCadence, m.avgFractionalCadence),
    max_cadence: cadence(m.maxCadence, m.maxFractionalCadence),
    avg_power_watts: num(m.avgPower),
    max_power_watts: num(m.maxPower),
    elevation_gain_meters: num(m.totalAscent),
    elevation_loss_meters: num(m.totalDescent),
  };
}

// How several sessions' figures make the activity's: summed, the largest, or averaged
// over the sessions' timer time.
const SUMMED = ["moving_time_seconds", "elevation_gain_meters", "elevation_loss_meters"] as const;
const LARGEST = ["max_heart_rate", "max_speed_mps", "max_power_watts"] as const;
const AVERAGED = ["avg_heart_rate", "avg_power_watts"] as const;

/**
 * The activity's device totals: one session's as they are; for several (multisport), the
 * elapsed time from the first start to the last end, sums, maxima and timer-weighted means
 * (cadence and speed mean nothing across a swim and a ride, and are left to the legs).
 */
export function activityTotals(sessions: ActivitySession[]): Partial<Telemetry> {
  if (sessions.length === 1) return sessions[0]!.totals;
  if (sessions.length === 0) return {};
  const totals: Partial<Record<keyof Telemetry, number | null>> = {
    elapsed_time_seconds: (Math.max(...sessions.map((s) => s.end)) - sessions[0]!.start) / 1000,
  };
  for (const key of SUMMED) {
    const values = sessions.map((s) => s.totals[key]).filter((v) => typeof v === "number");
    totals[key] = values.length ? values.reduce((a, b) => a + b, 0) : null;
  }
  for (const key of LARGEST) {
    const values = sessions.map((s) => s.totals[key]).filter((v) => typeof v === "number");
    totals[key] = values.length ? Math.max(...values) : null;
  }
  for (const key of AVERAGED) {
    let weighted = 0;
    let seconds = 0;
    for (const s of sessions) {
      const value = s.totals[key];
      if (typeof value !== "number" || !s.timerSeconds) continue;
      weighted += value * s.timerSeconds;
      seconds += s.timerSeconds;
    }
    totals[key] = seconds ? Math.round(weighted / seconds) : null;
  }
  return present(totals);
}

/** A name for a multisport activity from its legs' sports. */
export function multisportName(sessions: ActivitySession[]): string {
  const sports = new Set(sessions.map((s) => s.sport));
  const has = (word: string) => [...sports].some((s) => s.includes(word));
  if (has("Swim") && has("Cycl") && has("Run")) return "Triathlon";
  if (has("Cycl") && has("Run") && !has("Swim")) return "Duathlon";
  return "Multisport";
}

/** The values that are there, by key. */
function present<K extends string>(values: Partial<Record<K, number | null>>) {
  const kept: Partial<Record<K, number>> = {};
  for (const [key, value] of Object.entries(values) as [K, number | null | undefined][])
    if (value !== null && value !== undefined) kept[key] = value;
  return kept;
}
