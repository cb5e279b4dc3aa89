import { createHash } from "node:crypto";
import type { HealthRecord } from "../lib/ingest-types.ts";

/**
 * How Apple Health export.xml elements become the records a phone syncs to
 * /api/health-data (the types of reference/mobile-app-api.md), so an import is a sync.
 */

export const APPLE_SOURCE = "Apple Health";
const HK = "HKQuantityTypeIdentifier";

/** "2024-01-15 08:30:00 -0500" (Apple's format) as an instant, its offset and local day. */
export type AppleTime = { iso: string; ms: number; offsetMinutes: number; day: string };

export function readAppleTime(value: string | undefined): AppleTime | null {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-])(\d{2})(\d{2})$/.exec(value ?? "");
  if (!m) return null;
  const iso = `${m[1]}T${m[2]}${m[3]}${m[4]}:${m[5]}`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const offsetMinutes = (m[3] === "-" ? -1 : 1) * (Number(m[4]) * 60 + Number(m[5]));
  return { iso, ms, offsetMinutes, day: m[1]! };
}

export type Attributes = Record<string, string>;

/** A per-sample type: the sync type, and the factor from Apple's unit to the sync's. */
const SAMPLES: Record<
  string,
  { type: string; convert: (value: number, unit: string) => number | null }
> = {
  [`${HK}HeartRate`]: { type: "heart_rate", convert: (v) => v },
  [`${HK}HeartRateVariabilitySDNN`]: { type: "HRV_SDNN", convert: (v) => v },
  [`${HK}RespiratoryRate`]: { type: "respiratory_rate", convert: (v) => v },
  // Apple stores these two as fractions with unit "%".
  [`${HK}OxygenSaturation`]: { type: "oxygen_saturation", convert: percent },
  [`${HK}BodyFatPercentage`]: { type: "body_fat", convert: percent },
  [`${HK}BodyMass`]: { type: "weight", convert: kilograms },
  [`${HK}DietaryWater`]: { type: "water", convert: millilitres },
};

/** Types summed per day (Apple stores many short intervals; the sync sends day totals). */
export const DAILY_TOTALS: Record<
  string,
  { type: string; convert: (v: number, unit: string) => number | null }
> = {
  [`${HK}StepCount`]: { type: "step", convert: (v) => v },
  [`${HK}DistanceWalkingRunning`]: { type: "distance", convert: kilometres },
  [`${HK}ActiveEnergyBurned`]: { type: "Active Calories", convert: kilocalories },
};

export const SLEEP_TYPE = "HKCategoryTypeIdentifierSleepAnalysis";

function percent(value: number, unit: string) {
  return unit === "%" && value <= 1 ? value * 100 : value;
}
function kilograms(value: number, unit: string) {
  return unit === "kg"
    ? value
    : unit === "lb"
      ? value * 0.45359237
      : unit === "g"
        ? value / 1000
        : null;
}
function millilitres(value: number, unit: string) {
  const factors: Record<string, number> = { mL: 1, L: 1000, fl_oz_us: 29.5735, fl_oz_imp: 28.4131 };
  return factors[unit] === undefined ? null : value * factors[unit]!;
}
function kilometres(value: number, unit: string) {
  const factors: Record<string, number> = { km: 1, m: 0.001, mi: 1.609344, ft: 0.0003048 };
  return factors[unit] === undefined ? null : value * factors[unit]!;
}
function kilocalories(value: number, unit: string) {
  return unit === "kcal" || unit === "Cal" ? value : unit === "kJ" ? value / 4.184 : null;
}

/** A short stable id: the same record in a later export gets the same id. */
export function stableId(...parts: (string | undefined)[]): string {
  return createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 32);
}

export type Mapped =
  { kind: "sample"; record: HealthRecord } | { kind: "skip"; reason: string } | { kind: "later" };

/** A Record element's attributes as a sync record, or why it is not imported. */
export function mapSample(a: Attributes): Mapped {
  const type = a.type ?? "";
  // Own keys only: a type named "constructor" is no entry of these tables.
  if (Object.hasOwn(DAILY_TOTALS, type) || type === SLEEP_TYPE) return { kind: "later" };
  const spec = Object.hasOwn(SAMPLES, type) ? SAMPLES[type] : undefined;
  if (!spec) return { kind: "skip", reason: `type ${type || "(none)"} is not imported` };
  const start = readAppleTime(a.startDate);
  const value = spec.convert(Number(a.value), a.unit ?? "");
  if (!start) return { kind: "skip", reason: `${type}: unreadable startDate` };
  if (value === null || !Number.isFinite(value))
    return { kind: "skip", reason: `${type}: unreadable value or unit` };
  return {
    kind: "sample",
    record: {
      type: spec.type,
      value: Math.round(value * 1000) / 1000,
      timestamp: start.iso,
      record_utc_offset_minutes: start.offsetMinutes,
      source: APPLE_SOURCE,
      source_id: stableId(type, a.startDate, a.endDate, a.sourceName, a.value),
    },
  };
}
