import type { Tx } from "../db.ts";
import { syncDerivedPeriods } from "./derive-periods.ts";
import { upsertTest } from "./queries.ts";

/**
 * Cycle records that phones post to /api/health-data. They are cycle data, owner-only like
 * the rest of the domain, so the ingest hands them here instead of to the shared custom
 * measurements. Values arrive as HealthKit category numbers or as words.
 */

export const PHONE_CYCLE_TYPES = new Set([
  "menstruation",
  "menstruation_period",
  "basal_body_temperature",
  "menstruation_flow",
  "intermenstrual_bleeding",
  "cervical_mucus",
  "ovulation_test",
]);

/** What one record says about its day. */
export type CycleChange =
  | { kind: "period" }
  | { kind: "flow"; flow_level: string }
  | { kind: "bleeding" }
  | { kind: "mucus"; cervical_mucus: string }
  | { kind: "test"; result: string }
  | { kind: "bbt"; bbt: number }
  | { kind: "nothing" };

export type PhoneCycleRecord = {
  entry_date: string;
  change: CycleChange;
  tested_at: string | null;
  source: string;
};

// HealthKit's category values, in its order (menstrual flow 1 = unspecified amount).
const FLOW_CODES: Record<string, string> = { 2: "light", 3: "medium", 4: "heavy", 5: "none" };
const MUCUS_CODES: Record<string, string> = {
  1: "dry",
  2: "sticky",
  3: "creamy",
  4: "watery",
  5: "egg_white",
};
const TEST_CODES: Record<string, string> = {
  1: "negative",
  2: "positive",
  3: "indeterminate",
  4: "high",
};
const FLOW_WORDS = new Set(["none", "spotting", "light", "medium", "heavy"]);
const MUCUS_WORDS = new Set(Object.values(MUCUS_CODES));
const TEST_WORDS = new Set(["negative", "low", "high", "peak", "positive", "indeterminate"]);

function word(value: unknown): string {
  return String(value)
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_")
    .replace("eggwhite", "egg_white");
}

/** The change a record makes, or null when its value means nothing known. */
export function readPhoneCycleValue(type: string, value: unknown): CycleChange | null {
  const w = word(value);
  switch (type) {
    case "menstruation":
    // The app's type for Health Connect's MenstruationPeriod: one record per day, value 1.
    case "menstruation_period":
      return Number(value) === 0 ? { kind: "nothing" } : { kind: "period" };
    case "intermenstrual_bleeding":
      return { kind: "bleeding" };
    case "menstruation_flow": {
      if (w === "1" || w === "unspecified") return { kind: "period" };
      const flow = FLOW_CODES[w] ?? (FLOW_WORDS.has(w) ? w : null);
      return flow ? { kind: "flow", flow_level: flow } : null;
    }
    case "cervical_mucus": {
      const mucus = MUCUS_CODES[w] ?? (MUCUS_WORDS.has(w) ? w : null);
      return mucus ? { kind: "mucus", cervical_mucus: mucus } : null;
    }
    case "basal_body_temperature": {
      // In Celsius as the app sends it; the log's range is that of a body temperature.
      const celsius = Number(value);
      return celsius >= 34 && celsius <= 42 ? { kind: "bbt", bbt: celsius } : null;
    }
    case "ovulation_test": {
      const result = TEST_CODES[w] ?? (TEST_WORDS.has(w) ? w : null);
      return result ? { kind: "test", result } : null;
    }
    default:
      return null;
  }
}

/**
 * Writes a sync's cycle records in the caller's transaction. Each field is merged into the
 * day's log (a re-post writes the same values again), an unspecified period day keeps a
 * flow already logged, tests are keyed by source and day, and derived periods follow.
 */
export async function savePhoneCycleRecords(tx: Tx, userId: string, records: PhoneCycleRecord[]) {
  const days = new Map<
    string,
    {
      flow: string | null;
      bleeding: boolean | null;
      mucus: string | null;
      bbt: number | null;
      period: boolean;
      source: string;
    }
  >();
  for (const r of records) {
    if (r.change.kind === "test" || r.change.kind === "nothing") continue;
    const day = days.get(r.entry_date) ?? {
      flow: null,
      bleeding: null,
      mucus: null,
      bbt: null,
      period: false,
      source: r.source,
    };
    if (r.change.kind === "flow") day.flow = r.change.flow_level;
    if (r.change.kind === "bleeding") day.bleeding = true;
    if (r.change.kind === "mucus") day.mucus = r.change.cervical_mucus;
    if (r.change.kind === "period") day.period = true;
    if (r.change.kind === "bbt") day.bbt = r.change.bbt;
    days.set(r.entry_date, day);
  }
  if (days.size) {
    const list = [...days.entries()];
    // Sent as text: postgres.js binds an array of booleans as a single boolean, which
    // PostgreSQL cannot cast to boolean[].
    const bleeding = list.map(([, v]) => (v.bleeding === null ? null : String(v.bleeding)));
    await tx`
      insert into cycle_daily_entries (user_id, entry_date, flow_level, intermenstrual_bleeding, cervical_mucus, bbt, source)
      select ${userId}::uuid, d, f, b::boolean, m, t, s
        from unnest(${list.map(([d]) => d)}::date[], ${list.map(([, v]) => v.flow)}::text[],
                    ${bleeding}::text[], ${list.map(([, v]) => v.mucus)}::text[],
                    ${list.map(([, v]) => v.bbt)}::float8[],
                    ${list.map(([, v]) => v.source)}::text[]) as r(d, f, b, m, t, s)
      on conflict (user_id, entry_date) do update
         set flow_level = coalesce(excluded.flow_level, cycle_daily_entries.flow_level),
             intermenstrual_bleeding = coalesce(excluded.intermenstrual_bleeding, cycle_daily_entries.intermenstrual_bleeding),
             cervical_mucus = coalesce(excluded.cervical_mucus, cycle_daily_entries.cervical_mucus),
             bbt = coalesce(excluded.bbt, cycle_daily_entries.bbt),
             updated_at = now()`;
    // A period day without an amount: bleeding of unknown flow, recorded as medium.
    const periodDays = list.filter(([, v]) => v.period).map(([d]) => d);
    await tx`
      update cycle_daily_entries set flow_level = 'medium', updated_at = now()
       where user_id = ${userId} and entry_date = any(${periodDays}::date[]) and flow_level is null`;
  }
  for (const r of records) {
    if (r.change.kind !== "test") continue;
    await upsertTest(tx, userId, {
      entry_date: r.entry_date,
      tested_at: r.tested_at ?? `${r.entry_date}T12:00:00Z`,
      test_type: "opk",
      result: r.change.result,
      source: r.source,
      source_key: `day:${r.entry_date}`,
    });
  }
  await syncDerivedPeriods(tx, userId);
}
