import { PHONE_CYCLE_TYPES, readPhoneCycleValue } from "../cycle/phone-records.ts";
import { RecordError, type HealthRecord } from "../lib/ingest-types.ts";
import { prepareNutrition, prepareSleep } from "./prepare-session-records.ts";
import type { PreparedRecord } from "./record-rows.ts";
import {
  isPresent,
  MISSING_FIELDS_MESSAGE,
  optionalText,
  requireAtMost,
  requireNonNegative,
  requireNumber,
  sourceIdOf,
  sourceOf,
  timestampOf,
} from "./record-fields.ts";
import {
  ACTIVE_CALORIES_TYPES,
  CHECK_IN_TYPES,
  customCategoryOf,
  type CheckInColumn,
  heightInCm,
} from "./measurement-types.ts";
import { recordDay, recordZone, requireCalendarDay, wallClock } from "../lib/record-time.ts";

export const WORKOUT_TYPES = new Set(["Workout", "ExerciseSession"]);
const MAX_CATEGORY_NAME = 100;
const MAX_STEPS = 2_147_483_647;
// Plausible ranges: a value past them is a broken sensor or a crafted record, never a body.
const MAX_CALORIES = 100_000;
const MAX_WATER_ML = 100_000;
const MAX_CUSTOM_VALUE = 1e9;
const CHECK_IN_MAX: Partial<Record<CheckInColumn, number>> = {
  weight: 1000,
  height: 300,
  bone_mass_kg: 200,
  muscle_mass_kg: 1000,
};

/** What validation decided for one record, before anything is written. */
export type Preparation =
  | { kind: "prepared"; prepared: PreparedRecord }
  | { kind: "workout" }
  | { kind: "skipped"; reason: string };

/**
 * Validates one record and turns it into the row its store takes, all in memory, so the
 * valid records of a request can then be written with one statement per store.
 * Throws a RecordError for a record that cannot be saved.
 */
export function prepareRecord(
  record: HealthRecord,
  index: number,
  profileTimezone: string,
): Preparation {
  const type = record.type;
  if (typeof type !== "string" || type.trim() === "") throw new RecordError(MISSING_FIELDS_MESSAGE);
  // "constructor", "__proto__" and the like name the lookup tables' own machinery.
  if (type in Object.prototype) throw new RecordError(`"${type}" is not a record type.`);
  if (WORKOUT_TYPES.has(type)) return { kind: "workout" };
  const zone = recordZone(record, profileTimezone);
  if (type === "SleepSession") return prepared(index, type, prepareSleep(record, zone));
  if (type === "Nutrition") {
    const nutrition = prepareNutrition(record, zone);
    return "reason" in nutrition
      ? { kind: "skipped", reason: nutrition.reason }
      : prepared(index, type, nutrition);
  }

  if (!isPresent(record.value) || (!isPresent(record.date) && !isPresent(record.timestamp))) {
    throw new RecordError(MISSING_FIELDS_MESSAGE);
  }
  const day = requireCalendarDay(recordDay(record, zone)!);
  const at = timestampOf(record);
  const source = sourceOf(record);
  const sourceId = sourceIdOf(record);
  const instantKey = sourceId ?? (at ? `at:${at.toISOString()}` : `day:${day}`);

  if (PHONE_CYCLE_TYPES.has(type)) {
    const change = readPhoneCycleValue(type, record.value);
    if (!change) throw new RecordError(`Invalid value for type ${type}.`);
    const tested_at = at?.toISOString() ?? null;
    return prepared(index, type, {
      group: "cycle",
      row: { entry_date: day, change, tested_at, source },
    });
  }

  const checkInColumn = CHECK_IN_TYPES[type];
  if (checkInColumn) {
    const row = { entry_date: day, column: checkInColumn, value: checkInValue(record, type) };
    return prepared(index, type, { group: "checkIn", row });
  }
  if (ACTIVE_CALORIES_TYPES.has(type)) {
    const calories = requireAtMost(requireNonNegative(record.value, type), MAX_CALORIES, type);
    return prepared(index, type, {
      group: "activeCalories",
      row: { entry_date: day, calories, source },
    });
  }
  switch (type) {
    case "water":
      return prepared(index, type, {
        group: "water",
        row: {
          entry_date: day,
          water_ml: requireAtMost(requireNonNegative(record.value, type), MAX_WATER_ML, type),
          logged_at: at?.toISOString() ?? null,
          source,
          // Without an id a phone sends the day's total, which a re-sync replaces.
          source_key: sourceId ?? `day:${day}`,
        },
      });
    case "Mood":
      return prepared(index, type, {
        group: "mood",
        row: {
          entry_date: day,
          mood_value: requireNumber(record.value, type),
          notes: optionalText(record.notes),
          logged_at: at?.toISOString() ?? null,
          source,
          source_key: instantKey,
        },
      });
    default: {
      const { category, display_name, unit } = customCategoryOf(type, optionalText(record.unit));
      if (category.length > MAX_CATEGORY_NAME) {
        throw new RecordError(`Type names are limited to ${MAX_CATEGORY_NAME} characters.`);
      }
      return prepared(index, type, {
        group: "custom",
        row: {
          category,
          display_name,
          unit,
          entry_date: day,
          entry_hour: at ? wallClock(at, zone).hour : null,
          entry_timestamp: at?.toISOString() ?? null,
          value: requireAtMost(requireNumber(record.value, type), MAX_CUSTOM_VALUE, type),
          source,
          source_key: instantKey,
        },
      });
    }
  }
}

/** A check-in column's value in its stored unit, within the column's range. */
function checkInValue(record: HealthRecord, type: string): number {
  const column = CHECK_IN_TYPES[type]!;
  const value = requireNonNegative(record.value, type);
  const max = CHECK_IN_MAX[column];
  // Height is checked in cm, after its unit is read.
  if (max !== undefined && column !== "height") requireAtMost(value, max, type);
  switch (column) {
    case "steps":
      if (value > MAX_STEPS) throw new RecordError("Invalid value for type step: too large.");
      return Math.round(value);
    case "height": {
      const cm = heightInCm(value, optionalText(record.unit));
      if (cm === null) {
        throw new RecordError(`Invalid value for type ${type}: send it in m or cm.`);
      }
      return requireAtMost(cm, CHECK_IN_MAX.height!, type);
    }
    case "body_fat_percentage":
    case "body_water_percentage":
      if (value > 100) throw new RecordError(`Invalid value for type ${type}: a percentage.`);
      return value;
    default:
      return value;
  }
}

function prepared(
  index: number,
  type: string,
  groupRow: Pick<PreparedRecord, "group" | "row">,
): Preparation {
  return { kind: "prepared", prepared: { index, type, ...groupRow } as PreparedRecord };
}
