import { copyTable } from "../run/copy-rows.ts";
import type { SourceRow } from "../run/context.ts";
import { TEST_RESULTS } from "../../cycle/schemas.ts";

// Cycle data: cycles, their days, settings and tests (owner-only here too). A cycle keeps
// its recorded length (not worked out again from the next start).
const CYCLE = [
  "start_date",
  "end_date",
  "period_length",
  "cycle_length",
  "is_excluded",
  "source",
  "birth_control_method",
];
export const cycles = copyTable(
  "cycles",
  "cycles",
  CYCLE,
  (u) =>
    u.src<SourceRow[]>`select id, ${u.src(CYCLE)} from public.cycles where user_id = ${u.userId}`,
);

const CYCLE_DAY = [
  "entry_date",
  "flow_level",
  "product_usage",
  "cervical_mucus",
  "unusual_discharge",
  "energy",
  "libido",
  "notes",
  "custom_fields",
  "intercourse",
  "intercourse_protected",
  "cervical_position",
];
export const cycleDays = copyTable(
  "cycle_daily_entries",
  "cycle_daily_entries",
  CYCLE_DAY,
  (u) =>
    u.src<
      SourceRow[]
    >`select id, ${u.src(CYCLE_DAY)} from public.cycle_daily_entries where user_id = ${u.userId}`,
);

const CYCLE_SETTINGS = [
  "enabled",
  "mode",
  "avg_cycle_length_override",
  "avg_period_length_override",
  "luteal_phase_length",
  "birth_control_method",
  "conditions",
  "show_fertile_window",
  "preferred_products",
  "dismissed_prompts",
  "terminology",
  "discreet_mode",
  "onboarded_at",
];
/** One row per person: settings made here already are kept. */
export const cycleSettings = copyTable(
  "cycle_settings",
  "cycle_settings",
  CYCLE_SETTINGS,
  (u) => u.src<SourceRow[]>`
    select id, ${u.src(CYCLE_SETTINGS)} from public.cycle_settings where user_id = ${u.userId}`,
);

const RESULTS = new Set<string>(TEST_RESULTS);

/**
 * Ovulation (and pregnancy) tests, keyed by the other server's id. That server takes any
 * result text: one this server does not list is indeterminate, the words kept in the notes.
 */
export const cycleTests = copyTable(
  "cycle_test_entries",
  "cycle_test_entries",
  ["entry_date", "tested_at", "test_type", "result", "notes", "source", "source_key"],
  async (u) => {
    const rows = await u.src<SourceRow[]>`
      select id, entry_date, tested_at, lower(test_type) as test_type, lower(result) as result,
             notes, 'sparkyfitness' as source, id::text as source_key
        from public.cycle_test_entries where user_id = ${u.userId}`;
    return rows.map((r) =>
      RESULTS.has(r.result)
        ? r
        : {
            ...r,
            result: "indeterminate",
            notes: [`Result: ${r.result}`, r.notes].filter(Boolean).join("\n"),
          },
    );
  },
);
