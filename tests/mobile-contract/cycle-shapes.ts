import type { Shape } from "./shapes.ts";

// The phone app's cycle types (shared/src/cycle/types.ts and src/types/womensHealth.ts of
// the SparkyFitness repository): every field with the type it declares.
export const CYCLE_SETTINGS: Shape = {
  id: "string?",
  user_id: "string?",
  enabled: "boolean",
  mode: "string",
  avg_cycle_length_override: "number|null?",
  avg_period_length_override: "number|null?",
  luteal_phase_length: "number",
  birth_control_method: "string",
  conditions: "array",
  show_fertile_window: "boolean",
  preferred_products: "array",
  dismissed_prompts: "array",
  terminology: "string",
  discreet_mode: "boolean",
  onboarded_at: "string|null?",
};

export const CYCLE_DAILY_LOG: Shape = {
  id: "string?",
  user_id: "string?",
  entry_date: "string",
  flow_level: "string|null?",
  product_usage: "object",
  bbt: "number|null?",
  cervical_mucus: "string|null?",
  unusual_discharge: "array",
  energy: "number|null?",
  libido: "number|null?",
  notes: "string|null?",
  intercourse: "boolean|null?",
  intercourse_protected: "boolean|null?",
  cervical_position: "string|null?",
  custom_fields: "object?",
};

export const CYCLE: Shape = {
  id: "string?",
  user_id: "string?",
  start_date: "string",
  end_date: "string|null?",
  period_length: "number|null?",
  cycle_length: "number|null?",
  is_excluded: "boolean",
  source: "string",
  birth_control_method: "string|null?",
};

export const CYCLE_TEST_ENTRY: Shape = {
  id: "string",
  user_id: "string",
  entry_date: "string",
  tested_at: "string",
  test_type: "string",
  result: "string",
  notes: "string|null?",
  created_at: "string?",
  updated_at: "string?",
};

export const CYCLE_STATS: Shape = {
  avgCycleLength: "number",
  medianCycleLength: "number",
  cycleLengthSd: "number",
  avgPeriodLength: "number",
  regularity: "string",
  sampleSize: "number",
};

export const CYCLE_PREDICTION: Shape = { cycles: "array", basis: "string", confidence: "string" };

export const PREDICTED_CYCLE: Shape = {
  periodStart: "string",
  periodEnd: "string",
  ovulation: "string|null",
  fertileStart: "string|null",
  fertileEnd: "string|null",
  confidence: "string",
};

export const CYCLE_OVERVIEW: Shape = {
  settings: "object|null",
  date: "string",
  phase: "string",
  cycleDay: "number|null",
  currentCycleStart: "string|null",
  prediction: "object",
  stats: "object",
  log: "object|null",
  late: "object",
  insightKey: "string",
};

export const CYCLE_LATE: Shape = { isLate: "boolean", daysLate: "number" };

export const FERTILITY_DETAILS: Shape = {
  fertileWindow: "array",
  ovulationDate: "string|null",
  daysUntilNextPeriod: "number",
};

export const CYCLE_INSIGHTS: Shape = {
  stats: "object",
  accuracy: "number",
  matrix: "object",
  forecast: "object",
  anomalies: "array",
  productStats: "object",
  bbtSeries: "array",
  cycles: "array",
};

export const CYCLE_CORRELATIONS: Shape = {
  correlations: "array",
  conditionFlags: "array",
  stats: "object",
};

// shared/src/cycle/pregnancy.ts and the app's PregnancyChecklistItem (src/types/womensHealth.ts).
export const PREGNANCY: Shape = {
  id: "string?",
  user_id: "string?",
  due_date: "string",
  due_date_basis: "string",
  lmp_date: "string|null?",
  conception_date: "string|null?",
  fetus_count: "number",
  status: "string",
  ended_on: "string|null?",
  outcome: "string|null?",
  prenatal_medication_id: "string|null?",
  supplement_medication_id: "string|null?",
  notes: "string|null?",
};

export const PREGNANCY_CHECKLIST_ITEM: Shape = {
  id: "string",
  user_id: "string",
  pregnancy_id: "string",
  template_key: "string|null",
  custom_title: "string|null",
  week: "number|null",
  completed_at: "string|null",
  dismissed: "boolean",
};

// The app's PregnancyOverview (src/types/womensHealth.ts). It reads `gestation` only: the
// baby's size comes from its own content table by week (babyWeek), the checklist from
// GET /api/v2/pregnancy/checklist. This server leaves out `baby`, `checklist` and `vitals`,
// which the type makes optional.
export const PREGNANCY_OVERVIEW: Shape = {
  pregnancy: "object|null",
  date: "string?",
  gestation: "object?",
  baby: "object|null?",
  checklist: "array?",
  checklistProgress: "object?",
  nextAppointment: "object|null?",
  recentKickSessions: "array?",
  vitals: "object?",
};

export const CHECKLIST_PROGRESS: Shape = { done: "number", total: "number" };

// shared/src/cycle/pregnancy.ts SharedKickSession.
export const KICK_SESSION: Shape = {
  id: "string?",
  user_id: "string?",
  pregnancy_id: "string",
  started_at: "string",
  ended_at: "string|null?",
  kick_count: "number",
  kick_times: "array",
};

export const HEALTH_APPOINTMENT: Shape = {
  id: "string",
  user_id: "string",
  pregnancy_id: "string|null",
  scheduled_at: "string",
  appointment_type: "string|null",
  title: "string|null",
  location: "string|null",
  notes: "string|null",
  outcome: "string|null",
};
