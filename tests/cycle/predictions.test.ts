import { describe, expect, test } from "bun:test";
import { bleedingRuns } from "../../src/cycle/derive-periods.ts";
import { addDays } from "../../src/database/user-zone.ts";
import {
  bbtOvulationDay,
  cycleStats,
  predictCycles,
  type Period,
} from "../../src/cycle/predictions.ts";

const period = (start_date: string, period_length = 5): Period => ({
  start_date,
  period_length,
  is_excluded: false,
});
// Cycles of 28, 29, 28 and 28 days.
const HISTORY = ["2026-01-01", "2026-01-29", "2026-02-27", "2026-03-27", "2026-04-24"].map((d) =>
  period(d),
);
const SETTINGS = {
  avg_cycle_length_override: null,
  avg_period_length_override: null,
  luteal_phase_length: 14,
};

describe("cycle predictions on a known history", () => {
  test("stats: mean 28.25, sample sd 0.5, regular", () => {
    expect(cycleStats(HISTORY, SETTINGS)).toEqual({
      avgCycleLength: 28.3,
      medianCycleLength: 28,
      cycleLengthSd: 0.5,
      avgPeriodLength: 5,
      regularity: "regular",
      sampleSize: 4,
    });
  });

  test("next period 28 days after the last start; ovulation 14 days before the one after", () => {
    const prediction = predictCycles(HISTORY, SETTINGS, []);
    expect(prediction.basis).toBe("history");
    // Four cycles are too few for high confidence.
    expect(prediction.confidence).toBe("medium");
    expect(prediction.cycles[0]).toEqual({
      periodStart: "2026-05-22",
      periodEnd: "2026-05-26",
      ovulation: "2026-06-05",
      fertileStart: "2026-05-31",
      fertileEnd: "2026-06-06",
      confidence: "medium",
    });
    expect(prediction.cycles.map((c) => c.periodStart)).toEqual([
      "2026-05-22",
      "2026-06-19",
      "2026-07-17",
    ]);
    expect(prediction.cycles[2]!.confidence).toBe("low");
  });

  test("an excluded period and an implausible gap are left out", () => {
    const withGap = [
      ...HISTORY.slice(0, 2),
      { ...period("2026-02-10"), is_excluded: true },
      ...HISTORY.slice(2),
    ];
    expect(cycleStats(withGap, SETTINGS).sampleSize).toBe(4);
    expect(cycleStats([period("2025-06-01"), ...HISTORY], SETTINGS).sampleSize).toBe(4);
  });

  test("without history the settings' typical length is used, with low confidence", () => {
    const prediction = predictCycles(
      [period("2026-04-24")],
      { ...SETTINGS, avg_cycle_length_override: 32 },
      [],
    );
    expect(prediction).toMatchObject({ basis: "settings", confidence: "low" });
    expect(prediction.cycles[0]!.periodStart).toBe("2026-05-26");
  });

  test("a sustained basal-temperature rise (three over six) refines ovulation and the next period", () => {
    // Six days from 30 April at most 36.5 °C (the coverline), then 36.6, 36.7, 36.8 from 6 May.
    const temps = [36.4, 36.5, 36.4, 36.3, 36.5, 36.4, 36.6, 36.7, 36.8];
    const bbt = temps.map((value, i) => ({ date: addDays("2026-04-30", i), bbt: value }));
    expect(bbtOvulationDay(bbt)).toBe("2026-05-05");
    // A rise that stays below the coverline + 0.2 °C on the third day is not sustained.
    expect(bbtOvulationDay(bbt.map((d, i) => (i === 8 ? { ...d, bbt: 36.6 } : d)))).toBeNull();
    const prediction = predictCycles(HISTORY, SETTINGS, bbt);
    expect(prediction).toMatchObject({
      basis: "bbt",
      confidence: "high",
      bbtOvulation: "2026-05-05",
    });
    expect(prediction.cycles[0]!.periodStart).toBe("2026-05-19");
  });
});

describe("periods derived from logged bleeding", () => {
  test("days up to two apart join; a bleed within ten days of the last is not a new period", () => {
    expect(
      bleedingRuns(["2026-01-04", "2026-01-01", "2026-01-02", "2026-01-10", "2026-01-29"]),
    ).toEqual([
      { start_date: "2026-01-01", end_date: "2026-01-04", period_length: 4 },
      { start_date: "2026-01-29", end_date: "2026-01-29", period_length: 1 },
    ]);
  });
});
