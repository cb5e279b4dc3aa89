import { RecordError, type HealthRecord } from "./ingest-types.ts";
import type { PreparedRecord, SleepStageEvent } from "./record-rows.ts";
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
} from "./record-time.ts";

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
    },
  };
}

// Events with unreadable times are dropped rather than failing the whole night.
function stageEvents(value: unknown): SleepStageEvent[] {
  if (!Array.isArray(value)) return [];
  const events: SleepStageEvent[] = [];
  for (const item of value) {
    if (typeof item !== "object" || item === null) continue;
    const { stage, start_time, end_time } = item as Record<string, unknown>;
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
      calories: toNumber(record.calories ?? record.energy ?? record.value),
      protein_g: toNumber(record.protein ?? record.protein_g),
      carbs_g: toNumber(record.carbohydrates ?? record.carbs ?? record.carbs_g),
      fat_g: toNumber(record.fat ?? record.total_fat ?? record.fat_g),
      logged_at: at?.toISOString() ?? null,
      source: sourceOf(record),
      source_id: sourceId,
    },
  };
}
