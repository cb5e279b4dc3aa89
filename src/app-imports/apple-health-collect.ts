import type { HealthRecord } from "../lib/ingest-types.ts";
import {
  APPLE_SOURCE,
  DAILY_TOTALS,
  readAppleTime,
  SLEEP_TYPE,
  stableId,
  type AppleTime,
  type Attributes,
} from "./apple-health-map.ts";

/** What is known only once the whole file is read: day totals and nights of sleep. */

const SLEEP_STAGES: Record<string, string> = {
  HKCategoryValueSleepAnalysisInBed: "in_bed",
  HKCategoryValueSleepAnalysisAsleepCore: "light",
  HKCategoryValueSleepAnalysisAsleepDeep: "deep",
  HKCategoryValueSleepAnalysisAsleepREM: "rem",
  HKCategoryValueSleepAnalysisAwake: "awake",
  HKCategoryValueSleepAnalysisAsleep: "unknown",
  HKCategoryValueSleepAnalysisAsleepUnspecified: "unknown",
};
// Samples further apart than this belong to different nights.
const NIGHT_GAP_MS = 2 * 3600_000;

type SleepSample = { start: AppleTime; end: AppleTime; stage: string };

export class DayTotals {
  /** type → day → source device → sum. */
  private sums = new Map<string, Map<string, Map<string, number>>>();
  private sleep: SleepSample[] = [];
  private sumCount = 0;

  /** Entries held: one per type, day and source, and one per sleep sample. */
  get size(): number {
    return this.sumCount + this.sleep.length;
  }

  /** Adds a day-total or sleep Record; returns a skip reason when it cannot be read. */
  add(a: Attributes): string | null {
    const start = readAppleTime(a.startDate);
    if (!start) return `${a.type}: unreadable startDate`;
    if (a.type === SLEEP_TYPE) {
      const end = readAppleTime(a.endDate);
      if (!end || end.ms < start.ms) return `${a.type}: unreadable endDate`;
      this.sleep.push({ start, end, stage: SLEEP_STAGES[a.value ?? ""] ?? "unknown" });
      return null;
    }
    const spec = DAILY_TOTALS[a.type!]!;
    const value = spec.convert(Number(a.value), a.unit ?? "");
    if (value === null || !Number.isFinite(value) || value < 0)
      return `${a.type}: unreadable value or unit`;
    const days = this.sums.get(spec.type) ?? new Map<string, Map<string, number>>();
    this.sums.set(spec.type, days);
    const sources = days.get(start.day) ?? new Map<string, number>();
    days.set(start.day, sources);
    const device = a.sourceName ?? "";
    if (!sources.has(device)) this.sumCount++;
    sources.set(device, (sources.get(device) ?? 0) + value);
    return null;
  }

  /**
   * One record per type and day. A phone and a watch both count the same steps; Apple's
   * own totals pick one source per interval, and the larger source's sum is the closest
   * this file-level view gets without double counting.
   */
  dailyRecords(): HealthRecord[] {
    const records: HealthRecord[] = [];
    for (const [type, days] of this.sums)
      for (const [date, sources] of days) {
        const value = Math.max(...sources.values());
        const rounded = type === "step" ? Math.round(value) : Math.round(value * 1000) / 1000;
        records.push({ type, value: rounded, date, source: APPLE_SOURCE });
      }
    return records;
  }

  /** Sleep samples of all sources grouped into nights, each a SleepSession. */
  sleepRecords(): HealthRecord[] {
    const samples = this.sleep.sort((a, b) => a.start.ms - b.start.ms);
    const nights: SleepSample[][] = [];
    let endMs = -Infinity;
    for (const sample of samples) {
      if (sample.start.ms - endMs > NIGHT_GAP_MS) nights.push([]);
      nights.at(-1)!.push(sample);
      endMs = Math.max(endMs, sample.end.ms);
    }
    return nights.map((night) => {
      const first = night[0]!;
      const last = night.reduce((a, b) => (b.end.ms > a.end.ms ? b : a));
      return {
        type: "SleepSession",
        bedtime: first.start.iso,
        wake_time: last.end.iso,
        record_utc_offset_minutes: last.end.offsetMinutes,
        stage_events: night.map((s) => ({
          stage: s.stage,
          start_time: s.start.iso,
          end_time: s.end.iso,
        })),
        source: APPLE_SOURCE,
        source_id: stableId(SLEEP_TYPE, first.start.iso),
      };
    });
  }
}
