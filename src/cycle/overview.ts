import type { Tx } from "../db.ts";
import { addDays, dayInZone, daysBetween, userZone } from "../database/user-zone.ts";
import { cycleLengths, cycleStats, DISCLAIMER, predictCycles } from "./predictions.ts";
import { findLog, findSettings, listBbt, listPeriods, type PeriodRow } from "./queries.ts";

/** The cycle views the phone app reads: overview, fertility, insights. */

const BBT_LOOKBACK_DAYS = 120;

/**
 * Each period with the cycle it starts: its length as recorded, else to the next start
 * (null: current).
 */
export function withCycleLengths(periods: PeriodRow[]) {
  const sorted = [...periods].sort((a, b) => a.start_date.localeCompare(b.start_date));
  return sorted.map((p, i) => {
    const next = sorted[i + 1];
    const length = p.cycle_length ?? (next ? daysBetween(p.start_date, next.start_date) : null);
    return {
      ...p,
      end_date: length !== null ? addDays(p.start_date, length - 1) : p.end_date,
      cycle_length: length,
    };
  });
}

/** Everything the overview, fertility and insight answers are computed from. */
async function loadCycleState(tx: Tx, userId: string, date: string | undefined) {
  const zone = await userZone(tx);
  const day = date ?? dayInZone(new Date(), zone);
  const settings = await findSettings(tx, userId);
  const periods = await listPeriods(tx, userId);
  const bbt = await listBbt(tx, userId, addDays(day, -BBT_LOOKBACK_DAYS));
  const prediction = predictCycles(
    periods.filter((p) => p.start_date <= day),
    settings,
    bbt.filter((b) => b.date <= day),
  );
  const stats = cycleStats(periods, settings);
  return { day, settings, periods, bbt, prediction, stats };
}

type CycleState = Awaited<ReturnType<typeof loadCycleState>>;

/** The current cycle's fertile window and ovulation: the luteal phase before the next start. */
function currentWindow(state: CycleState) {
  const next = state.prediction.cycles[0];
  if (!next) return null;
  const luteal = state.settings?.luteal_phase_length ?? 14;
  const ovulation = state.prediction.bbtOvulation ?? addDays(next.periodStart, -luteal);
  return {
    next,
    ovulation,
    fertileStart: addDays(ovulation, -5),
    fertileEnd: addDays(ovulation, 1),
  };
}

function phaseOn(state: CycleState, cycleDay: number | null) {
  const window = currentWindow(state);
  if (cycleDay === null || !window) return "unknown";
  if (cycleDay <= Math.round(state.stats.avgPeriodLength)) return "menstrual";
  if (state.day === window.ovulation) return "ovulation";
  if (state.day >= window.fertileStart && state.day <= window.fertileEnd) return "fertile";
  return state.day < window.fertileStart ? "follicular" : "luteal";
}

export async function cycleOverview(tx: Tx, userId: string, date?: string) {
  const state = await loadCycleState(tx, userId, date);
  const start = state.prediction.lastPeriodStart;
  const cycleDay = start ? daysBetween(start, state.day) + 1 : null;
  const next = state.prediction.cycles[0];
  const daysLate = next ? Math.max(0, daysBetween(next.periodStart, state.day)) : 0;
  const phase = phaseOn(state, cycleDay);
  return {
    settings: state.settings,
    date: state.day,
    phase,
    cycleDay,
    currentCycleStart: start,
    prediction: state.prediction,
    stats: state.stats,
    log: await findLog(tx, userId, state.day),
    late: { isLate: daysLate > 0, daysLate },
    insightKey: `phase.${phase}`,
    disclaimer: DISCLAIMER,
  };
}

export async function fertilityDetails(tx: Tx, userId: string, date?: string) {
  const state = await loadCycleState(tx, userId, date);
  const window = currentWindow(state);
  const fertileWindow: string[] = [];
  for (let d = window?.fertileStart; window && d && d <= window.fertileEnd; d = addDays(d, 1)) {
    fertileWindow.push(d);
  }
  return {
    fertileWindow,
    ovulationDate: window?.ovulation ?? null,
    daysUntilNextPeriod: window ? daysBetween(state.day, window.next.periodStart) : 0,
    confidence: state.prediction.confidence,
    basis: state.prediction.basis,
    disclaimer: DISCLAIMER,
  };
}

/**
 * Insights: stats, how often predicting each past cycle from the ones before it landed
 * within two days (accuracy, 0 to 1), unusually short or long cycles, and the BBT series.
 */
export async function cycleInsights(tx: Tx, userId: string) {
  const state = await loadCycleState(tx, userId, undefined);
  const lengths = cycleLengths(state.periods);
  let hits = 0;
  for (let i = 1; i < lengths.length; i++) {
    const before = lengths.slice(Math.max(0, i - 6), i);
    const guess = before.reduce((a, b) => a + b, 0) / before.length;
    if (Math.abs(guess - lengths[i]!) <= 2) hits++;
  }
  const cycles = withCycleLengths(state.periods);
  const anomalies = cycles
    .filter((c) => c.cycle_length !== null && (c.cycle_length < 21 || c.cycle_length > 35))
    .map((c) => ({
      key: `cycle-length-${c.start_date}`,
      severity: "info",
      message: `The cycle starting ${c.start_date} lasted ${c.cycle_length} days (typical: 21 to 35).`,
    }));
  return {
    stats: state.stats,
    accuracy: lengths.length > 1 ? Math.round((hits / (lengths.length - 1)) * 100) / 100 : 0,
    matrix: {},
    forecast: Object.fromEntries(
      state.prediction.cycles.map((c) => [
        c.periodStart,
        [c.fertileStart, c.ovulation, c.fertileEnd],
      ]),
    ),
    anomalies,
    productStats: {},
    bbtSeries: state.bbt,
    cycles,
    disclaimer: DISCLAIMER,
  };
}
