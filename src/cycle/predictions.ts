import { addDays, daysBetween } from "../database/user-zone.ts";

/**
 * Cycle predictions from the user's own history, as pure functions. They estimate; they
 * never say a day is safe, and every answer carries a confidence and DISCLAIMER.
 */

export const DISCLAIMER =
  "Predictions are estimates from your own history. They are not a method of contraception and must not be relied on to prevent pregnancy.";

const DEFAULT_CYCLE_LENGTH = 28;
const DEFAULT_PERIOD_LENGTH = 5;
/** Lengths outside this range are a missed log, not a cycle; they are left out of the stats. */
const PLAUSIBLE = { min: 15, max: 90 };
const RECENT_CYCLES = 6;

export type Period = {
  start_date: string;
  period_length: number | null;
  is_excluded: boolean;
  /** As recorded (imported); null: the days to the next start. */
  cycle_length?: number | null;
};
export type Confidence = "high" | "medium" | "low";
export type Settings = {
  avg_cycle_length_override: number | null;
  avg_period_length_override: number | null;
  luteal_phase_length: number;
};

export type CycleStats = {
  avgCycleLength: number;
  medianCycleLength: number;
  cycleLengthSd: number;
  avgPeriodLength: number;
  regularity: "regular" | "somewhat" | "irregular" | "unknown";
  sampleSize: number;
};

const round1 = (n: number) => Math.round(n * 10) / 10;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Completed cycle lengths (start to next start) of the periods not excluded, oldest first. */
export function cycleLengths(periods: Period[]): number[] {
  const kept = periods
    .filter((p) => !p.is_excluded)
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
  const lengths: number[] = [];
  for (let i = 1; i < kept.length; i++)
    lengths.push(
      kept[i - 1]!.cycle_length ?? daysBetween(kept[i - 1]!.start_date, kept[i]!.start_date),
    );
  return lengths.filter((n) => n >= PLAUSIBLE.min && n <= PLAUSIBLE.max);
}

export function cycleStats(periods: Period[], settings: Settings | null): CycleStats {
  const lengths = cycleLengths(periods);
  const periodLengths = periods.flatMap((p) =>
    p.period_length && !p.is_excluded ? [p.period_length] : [],
  );
  const fallback = settings?.avg_cycle_length_override ?? DEFAULT_CYCLE_LENGTH;
  const avg = lengths.length ? mean(lengths) : fallback;
  const sorted = [...lengths].sort((a, b) => a - b);
  const median = lengths.length
    ? (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) /
      2
    : fallback;
  // Sample standard deviation: with few cycles the population one would flatter regularity.
  const sd =
    lengths.length > 1
      ? Math.sqrt(lengths.reduce((s, n) => s + (n - avg) ** 2, 0) / (lengths.length - 1))
      : 0;
  const regularity =
    lengths.length < 2 ? "unknown" : sd <= 2 ? "regular" : sd <= 4 ? "somewhat" : "irregular";
  return {
    avgCycleLength: round1(avg),
    medianCycleLength: median,
    cycleLengthSd: round1(sd),
    avgPeriodLength: round1(
      periodLengths.length
        ? mean(periodLengths)
        : (settings?.avg_period_length_override ?? DEFAULT_PERIOD_LENGTH),
    ),
    regularity,
    sampleSize: lengths.length,
  };
}

/** How far a prediction can be trusted: by how many cycles back it and how much they vary. */
export function confidenceOf(stats: CycleStats, bbtConfirmed: boolean): Confidence {
  if (bbtConfirmed) return "high";
  if (stats.sampleSize >= 6 && stats.cycleLengthSd <= 2) return "high";
  if (stats.sampleSize >= 3 && stats.cycleLengthSd <= 4) return "medium";
  return "low";
}

/**
 * The day of a sustained basal-temperature rise in the series, by the "three over six"
 * rule: three consecutive temperatures above the highest of the six before them, the third
 * at least 0.2 °C above it. Returns the likely ovulation day (the day before the rise).
 */
export function bbtOvulationDay(series: { date: string; bbt: number }[]): string | null {
  const days = [...series].sort((a, b) => a.date.localeCompare(b.date));
  for (let i = 6; i + 2 < days.length; i++) {
    const coverline = Math.max(...days.slice(i - 6, i).map((d) => d.bbt));
    const [a, b, c] = [days[i]!, days[i + 1]!, days[i + 2]!];
    if (a.bbt > coverline && b.bbt > coverline && c.bbt >= coverline + 0.2) {
      return addDays(a.date, -1);
    }
  }
  return null;
}

export type PredictedCycle = {
  periodStart: string;
  periodEnd: string;
  ovulation: string;
  fertileStart: string;
  fertileEnd: string;
  confidence: Confidence;
};

export type Prediction = {
  cycles: PredictedCycle[];
  basis: "history" | "settings" | "bbt";
  confidence: Confidence;
  lastPeriodStart: string | null;
  bbtOvulation: string | null;
};

/**
 * The next `count` cycles after the last period, each with the ovulation inside it (the
 * luteal phase before the following start) and its fertile window (the five days before
 * ovulation and the day after). A confirmed basal-temperature rise in the current cycle
 * moves the next start to that ovulation plus the luteal phase.
 */
export function predictCycles(
  periods: Period[],
  settings: Settings | null,
  bbtSeries: { date: string; bbt: number }[],
  count = 3,
): Prediction {
  const stats = cycleStats(periods, settings);
  const luteal = settings?.luteal_phase_length ?? 14;
  const last = periods
    .filter((p) => !p.is_excluded)
    .map((p) => p.start_date)
    .sort()
    .at(-1);
  const recent = cycleLengths(periods).slice(-RECENT_CYCLES);
  const length = Math.round(recent.length ? mean(recent) : stats.avgCycleLength);
  const bleed = Math.round(stats.avgPeriodLength);
  const bbtOvulation = last ? bbtOvulationDay(bbtSeries.filter((d) => d.date >= last)) : null;
  const confidence = confidenceOf(stats, bbtOvulation !== null);
  const cycles: PredictedCycle[] = [];
  let start = last ? (bbtOvulation ? addDays(bbtOvulation, luteal) : addDays(last, length)) : null;
  for (let i = 0; start && i < count; i++) {
    const ovulation = addDays(start, length - luteal);
    cycles.push({
      periodStart: start,
      periodEnd: addDays(start, bleed - 1),
      ovulation,
      fertileStart: addDays(ovulation, -5),
      fertileEnd: addDays(ovulation, 1),
      // Each cycle further out is less certain than the one before.
      confidence: i === 0 ? confidence : confidence === "high" ? "medium" : "low",
    });
    start = addDays(start, length);
  }
  const basis = bbtOvulation ? "bbt" : recent.length ? "history" : "settings";
  return { cycles, basis, confidence, lastPeriodStart: last ?? null, bbtOvulation };
}
