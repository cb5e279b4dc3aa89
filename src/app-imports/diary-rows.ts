import { OPTIONAL_NUTRIENTS } from "../foods/nutrients.ts";
import { csvRecords, requireHeaders } from "./csv.ts";

type NutrientKey = "calories" | "protein" | "carbs" | "fat" | (typeof OPTIONAL_NUTRIENTS)[number];

/** One diary line of another app's export, before it becomes a diary entry. */
export type DiaryRow = {
  /** 1-based line of the CSV data (header excluded), for skip reasons. */
  line: number;
  date: string;
  time: string | null;
  meal: string;
  name: string;
  quantity: number;
  unit: string;
  nutrients: Partial<Record<NutrientKey, number>>;
};

export type Skip = { line: number; reason: string };
export type ParsedDiary = { rows: DiaryRow[]; skipped: Skip[] };

// MyFitnessPal's "Nutrition" export: one row per day and meal with the meal's totals.
// Vitamin A, Vitamin C, Calcium and Iron are % of daily value there and are not mapped.
const MFP_COLUMNS: Record<string, NutrientKey> = {
  Calories: "calories",
  "Fat (g)": "fat",
  "Saturated Fat": "saturated_fat",
  "Polyunsaturated Fat": "polyunsaturated_fat",
  "Monounsaturated Fat": "monounsaturated_fat",
  "Trans Fat": "trans_fat",
  Cholesterol: "cholesterol",
  "Sodium (mg)": "sodium",
  Potassium: "potassium",
  "Carbohydrates (g)": "carbs",
  Fiber: "dietary_fiber",
  Sugar: "sugars",
  "Protein (g)": "protein",
};

// Cronometer's "Food & Recipe Entries" export (servings.csv): one row per food logged.
const CRONOMETER_COLUMNS: Record<string, NutrientKey> = {
  "Energy (kcal)": "calories",
  "Protein (g)": "protein",
  "Carbs (g)": "carbs",
  "Fat (g)": "fat",
  "Saturated (g)": "saturated_fat",
  "Polyunsaturated (g)": "polyunsaturated_fat",
  "Monounsaturated (g)": "monounsaturated_fat",
  "Trans-Fats (g)": "trans_fat",
  "Cholesterol (mg)": "cholesterol",
  "Sodium (mg)": "sodium",
  "Potassium (mg)": "potassium",
  "Fiber (g)": "dietary_fiber",
  "Sugars (g)": "sugars",
  "Vitamin A (µg)": "vitamin_a",
  "Vitamin C (mg)": "vitamin_c",
  "Calcium (mg)": "calcium",
  "Iron (mg)": "iron",
};

/** A YYYY-MM-DD day from ISO or US (M/D/YYYY) notation, else null. */
export function readDay(value: string): string | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const [y, mo, d] = m
    ? [m[1]!, m[2]!, m[3]!]
    : (m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value))
      ? [m[3]!, m[1]!.padStart(2, "0"), m[2]!.padStart(2, "0")]
      : [];
  if (!y) return null;
  const day = `${y}-${mo}-${d}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day) ? day : null;
}

/** "8:05 AM", "20:05" or "20:05:30" as HH:MM:SS, else null. */
export function readTime(value: string | undefined): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(value?.trim() ?? "");
  if (!m) return null;
  let hour = Number(m[1]);
  if (m[4]) hour = (hour % 12) + (m[4].toLowerCase() === "pm" ? 12 : 0);
  if (hour > 23 || Number(m[2]) > 59) return null;
  return `${String(hour).padStart(2, "0")}:${m[2]}:${m[3] ?? "00"}`;
}

/** A number as these apps write it ("1,234.5" included); blank is absent. */
function readNumber(value: string | undefined): number | null {
  const text = value?.replace(/,/g, "").trim();
  if (!text) return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function readNutrients(record: Record<string, string>, columns: Record<string, NutrientKey>) {
  const nutrients: DiaryRow["nutrients"] = {};
  for (const [column, key] of Object.entries(columns)) {
    const n = readNumber(record[column]);
    if (n !== null) nutrients[key] = n;
  }
  return nutrients;
}

export function parseMyFitnessPalDiary(records: Record<string, string>[]): ParsedDiary {
  const rows: DiaryRow[] = [];
  const skipped: Skip[] = [];
  records.forEach((record, i) => {
    const line = i + 1;
    const date = readDay(record.Date ?? "");
    const meal = record.Meal ?? "";
    if (!date) return skipped.push({ line, reason: `unreadable date "${record.Date}"` });
    if (!meal) return skipped.push({ line, reason: "no meal" });
    rows.push({
      line,
      date,
      time: readTime(record.Time),
      meal,
      name: `${meal} (MyFitnessPal)`,
      quantity: 1,
      unit: "serving",
      nutrients: readNutrients(record, MFP_COLUMNS),
    });
  });
  return { rows, skipped };
}

/** "1.50 cup" → 1.5 cup; a bare number is servings. */
function readAmount(value: string | undefined): { quantity: number; unit: string } | null {
  const m = /^([\d.,]+)\s*(.*)$/.exec(value?.trim() ?? "");
  const quantity = m ? readNumber(m[1]) : null;
  if (!m || quantity === null || quantity <= 0) return null;
  return { quantity, unit: m[2]!.trim() || "serving" };
}

export function parseCronometerServings(records: Record<string, string>[]): ParsedDiary {
  const rows: DiaryRow[] = [];
  const skipped: Skip[] = [];
  records.forEach((record, i) => {
    const line = i + 1;
    const date = readDay(record.Day ?? "");
    const name = record["Food Name"] ?? "";
    const amount = readAmount(record.Amount);
    if (!date) return skipped.push({ line, reason: `unreadable day "${record.Day}"` });
    if (!name) return skipped.push({ line, reason: "no food name" });
    if (!amount) return skipped.push({ line, reason: `unreadable amount "${record.Amount}"` });
    rows.push({
      line,
      date,
      time: readTime(record.Time),
      meal: record.Group || "Uncategorized",
      name,
      ...amount,
      nutrients: readNutrients(record, CRONOMETER_COLUMNS),
    });
  });
  return { rows, skipped };
}

/** What a MyFitnessPal CSV holds: the diary (Nutrition) or the Measurement export. */
export type MyFitnessPalFile =
  | { kind: "diary"; parsed: ParsedDiary }
  | { kind: "measurements"; records: Record<string, string>[] };

const MFP_READ = ["Date", "Meal", "Time", "Weight", ...Object.keys(MFP_COLUMNS)];
const CRONOMETER_READ = [
  "Day",
  "Time",
  "Group",
  "Food Name",
  "Amount",
  ...Object.keys(CRONOMETER_COLUMNS),
];

export function readMyFitnessPalCsv(text: string): MyFitnessPalFile {
  const { headers, records } = csvRecords(text, MFP_READ);
  if (headers.includes("Weight") && !headers.includes("Meal")) {
    requireHeaders(headers, ["Date", "Weight"], "MyFitnessPal measurement");
    return { kind: "measurements", records };
  }
  requireHeaders(headers, ["Date", "Meal", "Calories"], "MyFitnessPal nutrition");
  return { kind: "diary", parsed: parseMyFitnessPalDiary(records) };
}

export function readCronometerCsv(text: string): ParsedDiary {
  const { headers, records } = csvRecords(text, CRONOMETER_READ);
  requireHeaders(headers, ["Day", "Group", "Food Name", "Amount", "Energy (kcal)"], "Cronometer");
  return parseCronometerServings(records);
}
