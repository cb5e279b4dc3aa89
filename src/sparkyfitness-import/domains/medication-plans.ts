import { copyTable } from "../run/copy-rows.ts";
import type { SourceRow } from "../run/context.ts";
import { penStatusHere, scheduleTypeHere } from "../source/vocabulary.ts";

// Medication schedules, pens, injections and titration plans, and the symptom log: rows keep
// the other server's ids (a second run finds them), columns renamed to this server's names.

const SCHEDULE = [
  "medication_id",
  "schedule_type_id",
  "time_of_day",
  "dose_amount",
  "days_of_week",
  "interval_days",
  "day_of_month",
  "cycle_on_days",
  "cycle_off_days",
  "prn_reason",
  "prn_max_per_day",
  "with_meal",
  "start_date",
  "end_date",
  "active",
];
/** Every kind that server's lookup table lists has one here (vocabulary.ts). */
export const medicationSchedules = copyTable(
  "medication_schedules",
  "medication_schedules",
  SCHEDULE,
  async (u) => {
    // Counting every n days or on/off days needs a first day here; that server falls back
    // to the day the schedule was made.
    const rows = await u.src<SourceRow[]>`
      select id, medication_id, schedule_type_id, time_of_day::text, dose_amount, days_of_week,
             interval_days, day_of_month, cycle_on_days, cycle_off_days, prn_reason,
             prn_max_per_day, with_meal,
             case when schedule_type_id in ('every_n_days', 'cyclic')
                  then coalesce(start_date, created_at::date) else start_date end as start_date,
             end_date, active
        from public.medication_schedules where user_id = ${u.userId}`;
    return rows.map((r) => ({ ...r, schedule_type_id: scheduleTypeHere(r.schedule_type_id) }));
  },
);

/**
 * A pen's doses become its units: total as given, remaining as total less those used; its
 * beyond-use date is kept as given (and, after an opening date, is its days usable). Kind (pen or vial, as that server's API
 * takes it), dose, concentration, volume, the maker's expiry date and the reorder flag and
 * threshold come as they are.
 */
export const medicationPens = copyTable(
  "medication_pens",
  "medication_pens",
  [
    "medication_id",
    "kind",
    "label",
    "dose_mg",
    "concentration_mg_ml",
    "volume_ml",
    "total_units",
    "remaining_units",
    "opened_date",
    "days_usable_after_opening",
    "bud_date",
    "expiry_date",
    "reorder_flag",
    "reorder_threshold",
    "status",
    "notes",
  ],
  async (u) => {
    const rows = await u.src<SourceRow[]>`
      select id, medication_id, kind, label, dose_mg, concentration_mg_ml, volume_ml,
             greatest(doses_total, doses_used, 1) as total_units,
             greatest(coalesce(doses_total, doses_used) - doses_used, 0) as remaining_units,
             opened_at as opened_date,
             case when bud_date > opened_at then bud_date - opened_at end as days_usable_after_opening,
             bud_date, expiry_date, reorder_flag, reorder_threshold, status, notes
        from public.medication_pens where user_id = ${u.userId}`;
    return rows.map((r) => ({ ...r, status: penStatusHere(r.status, r.remaining_units) }));
  },
);

export const injectionEntries = copyTable(
  "injection_entries",
  "injection_entries",
  ["medication_id", "pen_id", "injected_at", "entry_date", "site", "dose_mg", "notes"],
  (u) => u.src<SourceRow[]>`
    select id, medication_id, pen_id, injected_at, entry_date, site, dose_mg, notes
      from public.injection_entries where user_id = ${u.userId}`,
);

/** Steps are renumbered from 1 per medication, in the other server's order. */
export const titrationSteps = copyTable(
  "medication_titration_steps",
  "medication_titration_steps",
  [
    "medication_id",
    "step_order",
    "dose_amount",
    "dose_unit",
    "start_date",
    "planned_weeks",
    "note",
  ],
  (u) => u.src<SourceRow[]>`
    select id, medication_id,
           row_number() over (partition by medication_id order by step_order, created_at)::int as step_order,
           dose_mg as dose_amount, dose_unit, start_date, planned_weeks, note
      from public.medication_titration_steps where user_id = ${u.userId}`,
);

export const customSymptoms = copyTable(
  "user_custom_symptoms",
  "user_symptoms",
  ["name", "scale_type", "unit", "is_glp1_flagged"],
  (u) => u.src<SourceRow[]>`
    select id, coalesce(nullif(display_name, ''), name) as name, scale_type, unit, is_glp1_flagged
      from public.user_custom_symptoms where user_id = ${u.userId}`,
);

export const symptomLocations = copyTable(
  "user_custom_symptom_locations",
  "user_symptom_locations",
  ["name"],
  (u) => u.src<SourceRow[]>`
    select id, name from public.user_custom_symptom_locations where user_id = ${u.userId}`,
);

export const symptomEntries = copyTable(
  "symptom_entries",
  "symptom_entries",
  [
    "symptom_id",
    "medication_id",
    "symptom_name_snapshot",
    "severity",
    "severity_label",
    "context_text",
    "bristol_type",
    "body_location",
    "entry_date",
    "logged_at",
    "source",
  ],
  (u) => u.src<SourceRow[]>`
    select id, symptom_id, medication_id, symptom_name_snapshot, severity, severity_label,
           context_text, bristol_type, body_location, entry_date, logged_at, source
      from public.symptom_entries where user_id = ${u.userId}`,
);
