import { createHash } from "node:crypto";
import type { Tx } from "../db.ts";
import { listMealTypes } from "../diary/meal-types.ts";
import { OPTIONAL_NUTRIENTS } from "../foods/nutrients.ts";
import type { DiaryRow, ParsedDiary } from "./diary-rows.ts";

export type DiarySource = "myfitnesspal" | "cronometer";

export type ImportCounts = {
  read: number;
  written: number;
  /** Rows already imported by an earlier run (same stable key), left as they are. */
  unchanged: number;
  skipped: { line: number; reason: string }[];
  /** Meal names with no meal type of that name: their rows went to "snacks". */
  unmatched_meals: string[];
};

const FALLBACK_MEAL = "snacks";
const MEAL_ALIASES: Record<string, string> = { snack: "snacks", uncategorized: FALLBACK_MEAL };
const BATCH = 1000;

/**
 * A stable uuid for a row: the user, the app, the day, the meal, the name and the row's
 * ordinal among rows of that day, meal and name. Re-importing the same export (or a longer
 * one covering the same days) meets the same ids, so nothing is added twice.
 */
function entryId(userId: string, source: DiarySource, row: DiaryRow, ordinal: number): string {
  const key = [userId, source, row.date, row.meal.toLowerCase(), row.name, ordinal].join("\u0000");
  const hex = createHash("sha256").update(key).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Writes the rows as diary entries (quick entries with the row's nutrients), in one transaction. */
export async function writeDiaryRows(
  tx: Tx,
  userId: string,
  source: DiarySource,
  parsed: ParsedDiary,
): Promise<ImportCounts> {
  const types = await listMealTypes(tx, userId);
  // The user's own type wins over a built-in one of the same name.
  const byName = new Map(
    [...types]
      .sort((a, b) => (a.user_id ? 1 : 0) - (b.user_id ? 1 : 0))
      .map((t) => [t.name.toLowerCase(), t.id]),
  );
  const unmatched = new Set<string>();
  const mealTypeId = (meal: string) => {
    const name = meal.trim().toLowerCase();
    const id = byName.get(name) ?? byName.get(MEAL_ALIASES[name] ?? "");
    if (id) return id;
    if (name !== "uncategorized") unmatched.add(meal);
    return byName.get(FALLBACK_MEAL)!;
  };

  const ordinals = new Map<string, number>();
  const rows = parsed.rows.map((row) => {
    const group = [row.date, row.meal.toLowerCase(), row.name].join("\u0000");
    const ordinal = ordinals.get(group) ?? 0;
    ordinals.set(group, ordinal + 1);
    const n = row.nutrients;
    return {
      id: entryId(userId, source, row, ordinal),
      user_id: userId,
      meal_type_id: mealTypeId(row.meal),
      entry_date: row.date,
      entry_time: row.time,
      // Nutrients are the row's totals: one serving of the amount logged.
      quantity: row.quantity,
      unit: row.unit,
      food_name: row.name.slice(0, 255),
      serving_size: row.quantity,
      serving_unit: row.unit,
      calories: n.calories ?? 0,
      protein: n.protein ?? 0,
      carbs: n.carbs ?? 0,
      fat: n.fat ?? 0,
      ...Object.fromEntries(OPTIONAL_NUTRIENTS.map((k) => [k, n[k] ?? null])),
      source,
      position: row.line,
    };
  });

  let written = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const inserted = await tx`
      insert into food_entries ${tx(rows.slice(i, i + BATCH))} on conflict (id) do nothing`;
    written += inserted.count;
  }
  return {
    read: parsed.rows.length + parsed.skipped.length,
    written,
    unchanged: rows.length - written,
    skipped: parsed.skipped,
    unmatched_meals: [...unmatched],
  };
}
