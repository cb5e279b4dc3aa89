import type { Shape } from "./shapes.ts";
import { MEDICATION_DETAIL_FIELDS } from "./shapes.ts";

// The phone app's medication types (shared/src/medications/contracts.ts of the SparkyFitness
// repository, which the app imports): every field with the type it declares.
const n = "number|null";
const s = "string|null";

export const MEDICATION: Shape = {
  id: "string",
  user_id: "string",
  name: "string",
  display_name: s,
  type_id: s,
  route_id: s,
  strength_value: n,
  strength_unit: s,
  dose_amount: n,
  dose_unit: s,
  reason_text: s,
  effectiveness_rating: n,
  color: s,
  icon: s,
  photo_path: s,
  is_active: "boolean",
  is_quick: "boolean",
  is_glp1: "boolean",
  notes: s,
  source: "string",
  ...MEDICATION_DETAIL_FIELDS,
  custom_fields: "object",
  created_at: "string",
  updated_at: "string",
  schedules: "array?",
};

export const MEDICATION_SCHEDULE: Shape = {
  id: "string",
  medication_id: "string",
  schedule_type_id: "string",
  time_of_day: s,
  dose_amount: n,
  days_of_week: "array|null",
  interval_days: n,
  day_of_month: n,
  cycle_on_days: n,
  cycle_off_days: n,
  prn_reason: s,
  prn_max_per_day: n,
  with_meal: s,
  start_date: s,
  end_date: s,
  active: "boolean",
  created_at: "string",
  updated_at: "string",
};

export const MEDICATION_ENTRY: Shape = {
  id: "string",
  medication_id: "string",
  schedule_id: s,
  user_id: "string",
  status: "string",
  taken_at: "string",
  scheduled_for: s,
  entry_date: "string",
  med_name_snapshot: s,
  dose_amount_snapshot: n,
  dose_unit_snapshot: s,
  notes: s,
  source: "string",
  custom_fields: "object",
  created_at: "string",
  updated_at: "string",
  entry_type: "string?",
  site: "string|null?",
};
