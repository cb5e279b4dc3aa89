import type { Tx } from "../db.ts";
import type { Period, Settings } from "./predictions.ts";
import type { CycleInput, LogInput, SettingsInput } from "./schemas.ts";

/** Cycle settings, periods, daily logs and tests. All tables are owner-only under RLS. */

const JSON_COLUMNS = new Set(["product_usage", "custom_fields"]);

function columnsOf(tx: Tx, input: Record<string, unknown>) {
  const keys = Object.keys(input).filter((key) => input[key] !== undefined);
  const values = Object.fromEntries(
    keys.map((k) => [k, JSON_COLUMNS.has(k) ? tx.json(input[k] as never) : input[k]]),
  );
  return { keys, values };
}

/** Values for an UPDATE SET, with the row's updated_at moved to now. */
function stamped(values: Record<string, unknown>): Record<string, unknown> {
  return { ...values, updated_at: new Date() };
}

const settingsColumns = (tx: Tx) => tx`
  id, user_id, enabled, mode, avg_cycle_length_override, avg_period_length_override,
  luteal_phase_length, birth_control_method, conditions, show_fertile_window,
  preferred_products, dismissed_prompts, terminology, discreet_mode, onboarded_at`;

export type SettingsRow = Settings & Record<string, unknown>;

export async function findSettings(tx: Tx, userId: string) {
  const [row] = await tx<SettingsRow[]>`
    select ${settingsColumns(tx)} from cycle_settings where user_id = ${userId}`;
  return row ?? null;
}

export async function saveSettings(tx: Tx, userId: string, input: SettingsInput) {
  const { mark_onboarded, reset_onboarding, ...fields } = input;
  const change: Record<string, unknown> = { ...fields };
  if (mark_onboarded) change.onboarded_at = new Date();
  if (reset_onboarding) change.onboarded_at = null;
  const { keys, values } = columnsOf(tx, { ...change, user_id: userId });
  const updates = keys.filter((k) => k !== "user_id");
  const [row] = await tx<SettingsRow[]>`
    insert into cycle_settings ${tx(values, ...keys)}
    on conflict (user_id) do update
       set ${tx(stamped(values), ...updates, "updated_at")}
    returning ${settingsColumns(tx)}`;
  return row!;
}

const logColumns = (tx: Tx) => tx`
  id, user_id, entry_date, flow_level, intermenstrual_bleeding, product_usage, bbt,
  to_char(bbt_taken_at, 'HH24:MI') as bbt_taken_at, cervical_mucus, unusual_discharge,
  symptoms, moods, energy, libido, notes, intercourse, intercourse_protected,
  cervical_position, custom_fields, source`;

export type LogRow = { entry_date: string; flow_level: string | null; bbt: number | null } & Record<
  string,
  unknown
>;

export function listLogs(tx: Tx, userId: string, from: string, to: string) {
  return tx<LogRow[]>`
    select ${logColumns(tx)} from cycle_daily_entries
     where user_id = ${userId} and entry_date between ${from} and ${to} order by entry_date`;
}

export async function findLog(tx: Tx, userId: string, day: string) {
  const [row] = await tx<LogRow[]>`
    select ${logColumns(tx)} from cycle_daily_entries
     where user_id = ${userId} and entry_date = ${day}`;
  return row ?? null;
}

/** Creates the day's log or changes only the fields sent. */
export async function upsertLog(tx: Tx, userId: string, day: string, input: LogInput) {
  const { keys, values } = columnsOf(tx, { ...input, user_id: userId, entry_date: day });
  const updates = keys.filter((k) => k !== "user_id" && k !== "entry_date");
  const [row] = await tx<LogRow[]>`
    insert into cycle_daily_entries ${tx(values, ...keys)}
    on conflict (user_id, entry_date) do update
       set ${tx(stamped(values), ...updates, "updated_at")}
    returning ${logColumns(tx)}`;
  return row!;
}

export async function deleteLog(tx: Tx, userId: string, day: string) {
  const result = await tx`
    delete from cycle_daily_entries where user_id = ${userId} and entry_date = ${day}`;
  return result.count > 0;
}

/** Every day with a basal temperature since `from`, for the ovulation detection. */
export function listBbt(tx: Tx, userId: string, from: string) {
  return tx<{ date: string; bbt: number }[]>`
    select entry_date as date, bbt from cycle_daily_entries
     where user_id = ${userId} and entry_date >= ${from} and bbt is not null
     order by entry_date`;
}

const periodColumns = (tx: Tx) => tx`
  id, user_id, start_date, end_date, period_length, cycle_length, is_excluded, source,
  birth_control_method`;

export type PeriodRow = Period & { id: string; end_date: string | null; source: string };

export function listPeriods(tx: Tx, userId: string) {
  return tx<PeriodRow[]>`
    select ${periodColumns(tx)} from cycles where user_id = ${userId} order by start_date`;
}

/** Records a period by hand; one already starting that day (even a derived one) is updated. */
export async function insertPeriod(tx: Tx, userId: string, input: CycleInput) {
  const { keys, values } = columnsOf(tx, { ...input, user_id: userId, source: "manual" });
  const updates = keys.filter((k) => k !== "user_id" && k !== "start_date");
  const [row] = await tx<PeriodRow[]>`
    insert into cycles ${tx(values, ...keys)}
    on conflict (user_id, start_date) do update set ${tx(stamped(values), ...updates, "updated_at")}
    returning ${periodColumns(tx)}`;
  return row!;
}

export async function updatePeriod(tx: Tx, userId: string, id: string, input: Partial<CycleInput>) {
  const { keys, values } = columnsOf(tx, { ...input, updated_at: new Date(), source: "manual" });
  const [row] = await tx<PeriodRow[]>`
    update cycles set ${tx(values, ...keys)} where id = ${id} and user_id = ${userId}
    returning ${periodColumns(tx)}`;
  return row ?? null;
}

export async function deletePeriod(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from cycles where id = ${id} and user_id = ${userId}`;
  return result.count > 0;
}

const testColumns = (tx: Tx) => tx`
  id, user_id, entry_date, tested_at, test_type, result, notes, source, created_at, updated_at`;

export function listTests(tx: Tx, userId: string, from: string, to: string) {
  return tx`
    select ${testColumns(tx)} from cycle_test_entries
     where user_id = ${userId} and entry_date between ${from} and ${to} order by tested_at`;
}

/** Saves a test; a phone's re-sync of the same (source, source_key) updates it in place. */
export async function upsertTest(tx: Tx, userId: string, row: Record<string, unknown>) {
  const { keys, values } = columnsOf(tx, { ...row, user_id: userId });
  const [saved] = await tx`
    insert into cycle_test_entries ${tx(values, ...keys)}
    on conflict (user_id, source, source_key) do update
       set result = excluded.result, tested_at = excluded.tested_at, updated_at = now()
    returning ${testColumns(tx)}`;
  return saved!;
}

export async function deleteTest(tx: Tx, userId: string, id: string) {
  const result = await tx`delete from cycle_test_entries where id = ${id} and user_id = ${userId}`;
  return result.count > 0;
}
