import { sleepMeasures } from "../health-data/prepare-session-records.ts";
import type { SleepMeasure } from "../health-data/record-rows.ts";
import { writeSleep } from "../health-data/write-session-rows.ts";
import { writeMoods } from "../health-data/write-daily-rows.ts";
import { userRows, type TableImporter, type UserImport } from "./context.ts";

/**
 * Sleep and mood go through the same writers as phone sync, keyed by the other server's row
 * id: a second run finds every row it wrote before and changes nothing. Rows that carry
 * their own source there (sleep) keep it; the others are source `sparkyfitness`.
 */
export const SOURCE = "sparkyfitness";

/** Rows not seen before: the ids already imported into a store are left alone. */
async function newOnly<T extends { id: string }>(
  u: UserImport,
  table: "sleep_entries" | "mood_entries",
  rows: T[],
): Promise<T[]> {
  if (rows.length === 0) return rows;
  // The other server's row ids are uuids: a key names its row whatever source it kept.
  const seen = await u.tx<{ source_key: string }[]>`
    select source_key from ${u.tx(table)}
     where user_id = ${u.userId} and source_key = any(${rows.map((r) => r.id)}::text[])`;
  const known = new Set(seen.map((r) => r.source_key));
  return rows.filter((r) => !known.has(r.id));
}

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
    const all = await userRows(
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
    const rows = await newOnly(u, "sleep_entries", all);
    if (rows.length)
      await writeSleep(
        u.tx,
        u.userId,
        rows.map((r) => ({
          entry_date: r.entry_date,
          bedtime: r.bedtime.toISOString(),
          wake_time: r.wake_time.toISOString(),
          duration_seconds: r.duration_in_seconds,
          stage_events: r.stages.map((s) => ({
            stage: STAGES.has(s.stage_type.toLowerCase()) ? s.stage_type.toLowerCase() : "unknown",
            start_time: new Date(s.start_time).toISOString(),
            end_time: new Date(s.end_time).toISOString(),
          })),
          record_timezone: r.record_timezone ?? u.zone,
          source: r.source ?? SOURCE,
          source_key: r.id,
          ...sleepMeasures(r),
        })),
      );
    return { read: all.length, written: rows.length, skipped: all.length - rows.length };
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
    const all = await userRows(
      u,
      () => u.src<SourceMood[]>`
        select id::text, entry_date, mood_value, notes, mood_tags, created_at
          from public.mood_entries where user_id = ${u.userId}`,
      "public.mood_entries",
    );
    const rows = await newOnly(u, "mood_entries", all);
    if (rows.length === 0) return { read: all.length, written: 0, skipped: all.length };
    await writeMoods(
      u.tx,
      u.userId,
      rows.map((r) => ({
        entry_date: r.entry_date,
        mood_value: r.mood_value,
        notes: r.notes,
        logged_at: r.created_at.toISOString(),
        source: SOURCE,
        source_key: r.id,
      })),
    );
    // Phone sync carries no tags; the other server's tags are set on the rows just written.
    await u.tx`
      update mood_entries m set mood_tags = t.tags
        from (select key, string_to_array(tags, chr(31)) as tags
                from unnest(${rows.map((r) => r.id)}::text[],
                            ${rows.map((r) => r.mood_tags.join("\u001f"))}::text[]) as x(key, tags)) t
       where m.user_id = ${u.userId} and m.source = ${SOURCE} and m.source_key = t.key
         and t.tags <> '{}'`;
    return { read: all.length, written: rows.length, skipped: all.length - rows.length };
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

/** Fasts keep the other server's ids; a second running fast (one runs at a time) is skipped. */
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
    if (rows.length === 0) return { read: 0, written: 0, skipped: 0 };
    const status = (r: SourceFast) => {
      const s = r.status?.toUpperCase() ?? "";
      return FAST_STATUS.has(s) ? s : r.end_time ? "COMPLETED" : "ACTIVE";
    };
    const written = await u.tx`
      insert into fasting_logs (id, user_id, start_time, end_time, target_end_time,
                                duration_minutes, fasting_type, status)
      select r.id, ${u.userId}::uuid, r.s, r.e, r.target, r.minutes, r.kind, r.status
        from unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.start_time.toISOString())}::timestamptz[],
                    ${rows.map((r) => r.end_time?.toISOString() ?? null)}::timestamptz[],
                    ${rows.map((r) => r.target_end_time?.toISOString() ?? null)}::timestamptz[],
                    ${rows.map((r) => r.duration_minutes)}::int[], ${rows.map((r) => r.fasting_type)}::text[],
                    ${rows.map(status)}::text[]) as r(id, s, e, target, minutes, kind, status)
      on conflict do nothing`;
    return { read: rows.length, written: written.count, skipped: rows.length - written.count };
  },
};
