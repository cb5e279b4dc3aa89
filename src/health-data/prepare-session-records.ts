import { NUTRIENTS, type Nutrient } from "../summary/nutrients.ts";
import { RecordError, type HealthRecord } from "../lib/ingest-types.ts";
import {
  SLEEP_MEASURES,
  type PreparedRecord,
  type SleepMeasure,
  type SleepStageEvent,
} from "./record-rows.ts";
import {
  isPresent,
  MISSING_FIELDS_MESSAGE,
  optionalText,
  sourceIdOf,
  sourceOf,
  timestampOf,
  toNumber,
} from "./record-fields.ts";
import {
  parseInstant,
  plainRecordDay,
  recordDay,
  requireCalendarDay,
  wallClock,
  zoneLabel,
  type RecordZone,
} from "../lib/record-time.ts";

const SLEEP_STAGES = new Set(["awake", "rem", "light", "deep", "in_bed", "unknown"]);
export const NUTRITION_WITHOUT_ID_REASON =
  "Nutrition record has no source_id, so a re-sync could not be told apart from a new meal.";

type GroupRow = Pick<PreparedRecord, "group" | "row">;

/** A SleepSession: its day is the day of waking in the record's zone unless a plain date is given. */
export function prepareSleep(record: HealthRecord, zone: RecordZone): GroupRow {
  if (!isPresent(record.bedtime) || !isPresent(record.wake_time)) {
    throw new RecordError("SleepSession requires bedtime and wake_time.");
  }
  const bedtime = parseInstant(record.bedtime, "bedtime");
  const wake = parseInstant(record.wake_time, "wake_time");
  if (wake < bedtime) throw new RecordError("SleepSession wake_time is before its bedtime.");
  const day = plainRecordDay(record) ?? requireCalendarDay(wallClock(wake, zone).date);
  return {
    group: "sleep",
    row: {
      entry_date: day,
      bedtime: bedtime.toISOString(),
      wake_time: wake.toISOString(),
      duration_seconds: Math.round((wake.getTime() - bedtime.getTime()) / 1000),
      stage_events: stageEvents(record.stage_events),
      record_timezone: zoneLabel(zone),
      source: sourceOf(record),
      // Without an id, one source cannot have two sleeps starting at the same instant.
      source_key: sourceIdOf(record) ?? `bedtime:${bedtime.toISOString()}`,
      ...sleepMeasures(record),
    },
  };
}

const MEASURE_RANGES: Record<SleepMeasure, [number, number]> = {
  sleep_score: [0, 100],
  average_spo2_value: [0, 100],
  lowest_spo2_value: [0, 100],
  highest_spo2_value: [0, 100],
  avg_overnight_hrv: [0, Infinity],
};

/**
 * A night's score, SpO2 and HRV as sent; a value outside its range is dropped with the
 * night kept. A score of 0 is what the phone app sends when the platform has none.
 */
export function sleepMeasures(
  record: Record<string, unknown>,
): Record<SleepMeasure, number | null> {
  const measures = {} as Record<SleepMeasure, number | null>;
  for (const measure of SLEEP_MEASURES) {
    const value = toNumber(record[measure]);
    const [min, max] = MEASURE_RANGES[measure];
    const usable = value !== null && value >= min && value <= max;
    measures[measure] = usable && !(measure === "sleep_score" && value === 0) ? value : null;
  }
  return measures;
}

// Events with unreadable times are dropped rather than failing the whole night.
function stageEvents(value: unknown): SleepStageEvent[] {
  if (!Array.isArray(value)) return [];
  const events: SleepStageEvent[] = [];
  for (const item of value) {
    if (typeof item !== "object" || item === null) continue;
    // The app sends `stage_type` (its own sleep-stage type); older clients sent `stage`.
    const { stage_type, stage: oldStage, start_time, end_time } = item as Record<string, unknown>;
    const stage = typeof stage_type === "string" ? stage_type.toLowerCase() : oldStage;
    const start = new Date(start_time as string);
    const end = new Date(end_time as string);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start) continue;
    events.push({
      stage: typeof stage === "string" && SLEEP_STAGES.has(stage) ? stage : "unknown",
      start_time: start.toISOString(),
      end_time: end.toISOString(),
    });
  }
  return events;
}

/** A Nutrition record becomes a synced diary entry; without a source_id it is skipped. */
export function prepareNutrition(
  record: HealthRecord,
  zone: RecordZone,
): GroupRow | { reason: string } {
  const sourceId = sourceIdOf(record);
  if (!sourceId) return { reason: NUTRITION_WITHOUT_ID_REASON };
  if (!isPresent(record.date) && !isPresent(record.timestamp)) {
    throw new RecordError(MISSING_FIELDS_MESSAGE);
  }
  const at = timestampOf(record);
  return {
    group: "nutrition",
    row: {
      entry_date: requireCalendarDay(recordDay(record, zone)!),
      meal_type: optionalText(record.meal_type ?? record.mealType),
      food_name: optionalText(record.food_name ?? record.name ?? record.title),
      ...nutrientsOf(record),
      logged_at: at?.toISOString() ?? null,
      source: sourceOf(record),
      source_id: sourceId,
    },
  };
}

// Other spellings some clients use for a nutrient the app calls by its diary column name.
const NUTRIENT_ALIASES: Partial<Record<Nutrient, string[]>> = {
  calories: ["energy", "value"],
  protein: ["protein_g"],
  carbs: ["carbohydrates", "carbs_g"],
  fat: ["total_fat", "fat_g"],
  dietary_fiber: ["fiber", "fibre"],
  sugars: ["sugar"],
};

/** Every nutrient the record carries, in the diary's units as the app converts them. */
function nutrientsOf(record: HealthRecord): Record<Nutrient, number | null> {
  const nutrients = {} as Record<Nutrient, number | null>;
  for (const nutrient of NUTRIENTS) {
    const names = [nutrient, ...(NUTRIENT_ALIASES[nutrient] ?? [])];
    const name = names.find((n) => isPresent(record[n]));
    nutrients[nutrient] = name ? toNumber(record[name]) : null;
  }
  return nutrients;
}
