import type { Reports } from "./reports.ts";

/** The columns of each report's CSV, in order; fixed so an empty range still has a header. */
const COLUMNS = {
  weight: [
    "date",
    "weight",
    "trend",
    "body_fat_percentage",
    "muscle_mass_kg",
    "body_water_percentage",
  ],
  nutrition: [
    "date",
    "calories",
    "protein",
    "carbs",
    "fat",
    "goal_calories",
    "goal_protein",
    "goal_carbs",
    "goal_fat",
  ],
  training: ["week_start", "workouts", "duration_minutes", "distance_km", "calories", "volume_kg"],
  heart_rate_zones: ["week_start", "zone_1", "zone_2", "zone_3", "zone_4", "zone_5"],
  sleep: ["date", "asleep_minutes", "in_bed_minutes", "efficiency"],
  activity_calendar: ["date", "workouts", "duration_minutes", "calories", "level"],
  energy_expenditure: [
    "window_start",
    "window_end",
    "available",
    "estimate_kcal",
    "uncertainty_kcal",
    "mean_intake_kcal",
    "weight_change_kg_per_week",
    "days_logged",
    "weigh_ins",
    "reason",
  ],
} as const;
export type CsvReport = keyof typeof COLUMNS;

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  // RFC 4180 quoting; a leading =, +, - or @ is prefixed so spreadsheets do not run it.
  const safe = /^[=+\-@]/.test(text) && Number.isNaN(Number(text)) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One report of the set as CSV text with a header row. */
export function reportCsv(reports: Reports, name: CsvReport): string {
  const columns = COLUMNS[name];
  // The energy estimate is one figure for the range: a single row.
  const rows = [reports[name]].flat() as Record<string, unknown>[];
  const lines = [
    columns.join(","),
    ...rows.map((row) => columns.map((c) => cell(row[c])).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
