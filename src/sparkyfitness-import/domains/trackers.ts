import { sleepMeasures } from "../../health-data/prepare-session-records.ts";
import type { SleepMeasure } from "../../health-data/record-rows.ts";
import { insertNew } from "../run/copy-rows.ts";
import { userRows, type TableImporter } from "../run/context.ts";

/**
 * Sleep and mood keep the other server's row ids (also their key, as phone sync keys its
 * rows), so a re-run brings each to the source's current value (copy-rows.ts). Rows that
 * carry their own source there (sleep) keep it; the others are source `sparkyfitness`.
 */
export const SOURCE = "sparkyfitness";

type SourceSleep = {
  id: string;
  entry_date: string;
  bedtime: Date;
  wake_time: Date;
  duration_in_seconds: number;
  record_timezone: string | null;
  source: string | null;
  stages: { stage_type: string; start_time: string; end_time: string }[];
} & Record<SleepMeasure, number | null>;
const STAGES = new Set(["awake", "rem", "light", "deep", "in_bed", "unknown"]);

export const sleepEntries: TableImporter = {
  table: "sleep_entries",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceSleep[]>`
        select e.id::text, e.entry_date, e.bedtime, e.wake_time, e.duration_in_seconds,
               e.record_timezone, e.sleep_score::float8, e.source, e.average_spo2_value::float8,
               e.lowest_spo2_value::float8, e.highest_spo2_value::float8,
               e.avg_overnight_hrv::float8,
               coalesce((select json_agg(json_build_object('stage_type', s.stage_type,
                           'start_time', s.start_time, 'end_time', s.end_time) order by s.start_time)
                           from public.sleep_entry_stages s where s.entry_id = e.id), '[]') as stages
          from public.sleep_entries e
         where e.user_id = ${u.userId} and e.wake_time >= e.bedtime`,
      "public.sleep_entries",
    );
    return insertNew(
      u,
      "sleep_entries",
      rows.map((r) => ({
        id: r.id,
        user_id: u.userId,
        entry_date: r.entry_date,
        bedtime: r.bedtime,
        wake_time: r.wake_time,
        duration_seconds: r.duration_in_seconds,
        stage_events: u.tx.json(
          r.stages.map((s) => ({
            stage: STAGES.has(s.stage_type.toLowerCase()) ? s.stage_type.toLowerCase() : "unknown",
            start_time: new Date(s.start_time).toISOString(),
            end_time: new Date(s.end_time).toISOString(),
          })),
        ),
        record_timezone: r.record_timezone ?? u.zone,
        source: r.source ?? SOURCE,
        source_key: r.id,
        ...sleepMeasures(r),
      })),
      undefined,
      { carryDeletions: true },
    );
  },
};

type SourceMood = {
  id: string;
  entry_date: string;
  mood_value: number;
  notes: string | null;
  mood_tags: string[];
  created_at: Date;
};

export const moodEntries: TableImporter = {
  table: "mood_entries",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceMood[]>`
        select id::text, entry_date, mood_value, notes, mood_tags, created_at
          from public.mood_entries where user_id = ${u.userId}`,
      "public.mood_entries",
    );
    return insertNew(
      u,
      "mood_entries",
      rows.map((r) => ({
        id: r.id,
        user_id: u.userId,
        entry_date: r.entry_date,
        mood_value: r.mood_value,
        notes: r.notes,
        logged_at: r.created_at,
        source: SOURCE,
        source_key: r.id,
        mood_tags: r.mood_tags,
      })),
      undefined,
      { carryDeletions: true },
    );
  },
};

type SourceFast = {
  id: string;
  start_time: Date;
  end_time: Date | null;
  target_end_time: Date | null;
  duration_minutes: number | null;
  fasting_type: string | null;
  status: string | null;
};
const FAST_STATUS = new Set(["ACTIVE", "COMPLETED", "CANCELLED"]);

/**
 * Fasts keep the other server's ids, so a re-run brings each to the source's current value;
 * a second running fast (one runs at a time) is skipped.
 */
export const fastingLogs: TableImporter = {
  table: "fasting_logs",
  async run(u) {
    const rows = await userRows(
      u,
      () => u.src<SourceFast[]>`
        select id::text, start_time, end_time, target_end_time, duration_minutes, fasting_type,
               status
          from public.fasting_logs
         where user_id = ${u.userId} and (end_time is null or end_time >= start_time)
         order by start_time`,
      "public.fasting_logs",
    );
    const status = (r: SourceFast) => {
      const s = r.status?.toUpperCase() ?? "";
      return FAST_STATUS.has(s) ? s : r.end_time ? "COMPLETED" : "ACTIVE";
    };
    return insertNew(
      u,
      "fasting_logs",
      rows.map((r) => ({
        id: r.id,
        user_id: u.userId,
        start_time: r.start_time,
        end_time: r.end_time,
        target_end_time: r.target_end_time,
        duration_minutes: r.duration_minutes,
        fasting_type: r.fasting_type,
        status: status(r),
      })),
      undefined,
      { carryDeletions: true },
    );
  },
};
