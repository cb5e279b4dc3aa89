import type { Tx } from "../db.ts";

/**
 * Which nutrients each screen shows, per view group and platform (the phone app's Settings
 * and Diary read them). A user's row replaces the default of its group and platform.
 */

export type NutrientDisplayPreference = {
  view_group: string;
  platform: string;
  visible_nutrients: string[];
};

const HEADLINE = ["calories", "protein", "carbs", "fat", "dietary_fiber", "sugars"];
const ALL = [
  ...HEADLINE,
  "sodium",
  "cholesterol",
  "saturated_fat",
  "monounsaturated_fat",
  "polyunsaturated_fat",
  "trans_fat",
  "potassium",
  "vitamin_a",
  "vitamin_c",
  "iron",
  "calcium",
  "glycemic_index",
];

// The groups and defaults of that kind of server; "diary" is the phone's nutrient pills,
// opt-in (the four macros always show).
const DEFAULTS: NutrientDisplayPreference[] = [
  ...["desktop", "mobile"].flatMap((platform) => [
    { view_group: "summary", platform, visible_nutrients: HEADLINE },
    { view_group: "quick_info", platform, visible_nutrients: HEADLINE },
    { view_group: "food_database", platform, visible_nutrients: ALL },
    { view_group: "goal", platform, visible_nutrients: ALL },
    { view_group: "report_tabular", platform, visible_nutrients: ALL },
    { view_group: "report_chart", platform, visible_nutrients: ALL },
  ]),
  { view_group: "diary", platform: "mobile", visible_nutrients: [] },
];

const keyOf = (p: { view_group: string; platform: string }) => `${p.view_group}/${p.platform}`;

/** Every group and platform: the user's choice where made, the default otherwise. */
export async function listNutrientDisplay(tx: Tx, userId: string) {
  const rows = await tx<NutrientDisplayPreference[]>`
    select view_group, platform, visible_nutrients from nutrient_display_preferences
     where user_id = ${userId} order by view_group, platform`;
  const chosen = new Map(rows.map((r) => [keyOf(r), r]));
  const defaults = DEFAULTS.map((d) => chosen.get(keyOf(d)) ?? d);
  const extra = rows.filter((r) => !DEFAULTS.some((d) => keyOf(d) === keyOf(r)));
  return [...defaults, ...extra];
}

/** Replaces the list of one group and platform. */
export async function saveNutrientDisplay(
  tx: Tx,
  userId: string,
  preference: NutrientDisplayPreference,
) {
  const [row] = await tx<NutrientDisplayPreference[]>`
    insert into nutrient_display_preferences (user_id, view_group, platform, visible_nutrients)
    values (${userId}, ${preference.view_group}, ${preference.platform},
            ${preference.visible_nutrients}::text[])
    on conflict (user_id, view_group, platform) do update set
      visible_nutrients = excluded.visible_nutrients, updated_at = now()
    returning view_group, platform, visible_nutrients`;
  return row!;
}
