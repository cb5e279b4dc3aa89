import type { PendingQuery, Row } from "postgres";
import type { Tx } from "../db.ts";
import { inRange, type RangeSql } from "../database/sql-text.ts";
import { TELEMETRY_KEYS } from "./telemetry.ts";

export type EntryView = Record<string, unknown> & { id: string };

// The phone app labels an entry with its snapshot's name and picks the set editor from its
// modality (its own words: weight_reps, reps_only, duration, duration_distance). Without the library
// (a delegate with reports only) the name still comes from the entry.
const EXERCISE_SNAPSHOT = `json_build_object(
    'id', e.exercise_id, 'name', coalesce(x.name, e.activity_type, e.title, 'Exercise'),
    'category', x.category,
    'modality', case x.modality when 'strength' then 'weight_reps'
                                when 'distance' then 'duration_distance'
                                else x.modality end,
    'images', x.images, 'primary_muscles', x.primary_muscles,
    'secondary_muscles', x.secondary_muscles, 'equipment', x.equipment,
    'instructions', x.instructions, 'force', x.force, 'level', x.level, 'mechanic', x.mechanic,
    'source', x.source, 'source_id', x.source_id, 'is_custom', x.user_id is not null,
    'user_id', x.user_id, 'description', x.description, 'tags', x.tags)`;

// A synced workout's raw record, as that server keeps it: under a detail type ending in
// `_raw_data`, which the app leaves out of its details card.
const ACTIVITY_DETAILS = `case when e.raw_data is null then '[]'::json else json_build_array(json_build_object(
    'id', e.id, 'provider_name', e.source, 'detail_type', e.source || '_raw_data',
    'detail_data', e.raw_data)) end`;

// Code constants joined once, not built on every read.
const ENTRY_COLUMNS = `
    e.id, e.exercise_id, coalesce(x.name, e.activity_type) as exercise_name, x.modality, e.activity_type, e.entry_date,
    to_char(e.entry_time, 'HH24:MI:SS') as entry_time, e.start_time, e.end_time,
    e.record_timezone, e.duration_seconds, e.calories_burned, e.distance, e.title, e.notes,
    e.source, e.source_id, e.raw_data, ${TELEMETRY_KEYS.map((k) => `e.${k}`).join(", ")},
    e.gear_name, e.gear_external_id, e.weather_condition,
    e.duration_seconds / 60.0 as duration_minutes, e.exercise_preset_entry_id, e.sort_order,
    e.created_at, e.updated_at,
    e.superset_group, coalesce(e.image_url, x.images[1]) as image_url, ${EXERCISE_SNAPSHOT} as exercise_snapshot,
    ${ACTIVITY_DETAILS} as activity_details,
    coalesce((select json_agg(json_build_object(
                'id', s.numeric_id, 'set_number', s.set_number, 'set_type', s.set_type,
                'duration', round(s.duration_seconds)::int, 'duration_seconds', s.duration_seconds,
                'reps', s.reps, 'weight', s.weight, 'distance', s.distance, 'rpe', s.rpe,
                'rest_time', s.rest_time_seconds, 'rest_time_seconds', s.rest_time_seconds,
                'notes', s.notes, 'is_pr', s.is_pr,
                'completed_at', to_char(s.completed_at at time zone 'UTC',
                                        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
              order by s.set_number)
                from exercise_entry_sets s where s.exercise_entry_id = e.id), '[]') as sets`;
const entryColumns = (tx: Tx) => tx.unsafe(ENTRY_COLUMNS);

// Left joins: a delegate with only can_view_reports reads the owner's logs but not the
// exercise library (spec's table), and must still see every entry.

/** The caller's entries of a day (RLS limits rows to the caller), oldest first. */
export function listEntriesByDate(tx: Tx, userId: string, date: string) {
  return tx<EntryView[]>`${inRange(tx, entriesOfDaySql, userId, date, date)}`;
}

/** The entries of the day `start`, oldest first. */
export const entriesOfDaySql: RangeSql = ({ user, start }) => `
    select ${ENTRY_COLUMNS}
      from exercise_entries e left join exercises x on x.id = e.exercise_id
     where e.user_id = ${user} and e.entry_date = ${start}
     order by e.start_time nulls last, e.created_at`;

/** The timestamptz columns of an entry: Dates when read as rows, text when read as JSON. */
export const ENTRY_INSTANTS = ["start_time", "end_time", "created_at", "updated_at"] as const;

export async function getEntry(tx: Tx, userId: string, id: string): Promise<EntryView | undefined> {
  const [entry] = await tx<EntryView[]>`
    select ${entryColumns(tx)}
      from exercise_entries e left join exercises x on x.id = e.exercise_id
     where e.user_id = ${userId} and e.id = ${id}`;
  return entry;
}

/**
 * Whether the user has this entry, whatever the caller's grant says about reading it:
 * telemetry (check-in data) hangs off entries (diary data), see sql/00009.
 */
export async function entryExists(tx: Tx, userId: string, id: string): Promise<boolean> {
  const [row] = await tx<{ exists: boolean }[]>`
    select app_exercise_entry_exists(${userId}, ${id}) as exists`;
  return row!.exists;
}

/** The caller's entries with these ids or belonging to these sessions, newest day first. */
export function listEntriesOfGroups(tx: Tx, userId: string, keys: string[] | PendingQuery<Row[]>) {
  // A list of keys, or a statement that selects them.
  const any = () => (Array.isArray(keys) ? tx`any (${keys}::uuid[])` : tx`any (${keys})`);
  return tx<EntryView[]>`
    select ${entryColumns(tx)}
      from exercise_entries e left join exercises x on x.id = e.exercise_id
     where e.user_id = ${userId}
       and (e.id = ${any()} or e.exercise_preset_entry_id = ${any()})
     order by e.entry_date desc, e.sort_order, e.start_time nulls last, e.created_at`;
}
