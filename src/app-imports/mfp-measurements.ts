import type { HealthRecord } from "../lib/ingest-types.ts";
import { readDay, type Skip } from "./diary-rows.ts";

export type WeightUnit = "kg" | "lb";
const KG_PER_LB = 0.45359237;

/**
 * MyFitnessPal's measurement export (Date, Weight) as the weight records a phone syncs,
 * so it lands in the day's check-in through the sync's own path. MyFitnessPal writes the
 * weight in the account's unit, which the file does not say: the caller names it.
 */
export function measurementRecords(rows: Record<string, string>[], unit: WeightUnit) {
  const records: HealthRecord[] = [];
  const skipped: Skip[] = [];
  rows.forEach((row, i) => {
    const date = readDay(row.Date ?? "");
    const weight = Number(row.Weight?.replace(/,/g, ""));
    if (!date) return skipped.push({ line: i + 1, reason: `unreadable date "${row.Date}"` });
    if (!row.Weight || !Number.isFinite(weight) || weight <= 0)
      return skipped.push({ line: i + 1, reason: `unreadable weight "${row.Weight}"` });
    const kg = unit === "lb" ? weight * KG_PER_LB : weight;
    records.push({
      type: "weight",
      value: Math.round(kg * 1000) / 1000,
      date,
      source: "myfitnesspal",
    });
  });
  return { records, skipped };
}
