import type { Tx } from "../db.ts";
import type { ActivitySession } from "./activity.ts";

/** Saves a newly imported entry's sessions (none for GPX and TCX). */
export function insertSessions(
  tx: Tx,
  entryId: string,
  userId: string,
  sessions: ActivitySession[],
) {
  if (sessions.length === 0) return [];
  const rows = sessions.map((s, i) => ({
    exercise_entry_id: entryId,
    user_id: userId,
    session_index: i,
    activity_type: s.sport,
    start_time: new Date(s.start),
    end_time: new Date(s.end),
    elapsed_time_seconds: s.totals.elapsed_time_seconds ?? (s.end - s.start) / 1000,
    timer_time_seconds: s.timerSeconds,
    moving_time_seconds: s.totals.moving_time_seconds ?? null,
    distance_meters: s.distanceMeters,
    calories: s.calories,
    avg_heart_rate: s.totals.avg_heart_rate ?? null,
    max_heart_rate: s.totals.max_heart_rate ?? null,
    avg_speed_mps: s.totals.avg_speed_mps ?? null,
    max_speed_mps: s.totals.max_speed_mps ?? null,
    avg_cadence: s.totals.avg_cadence ?? null,
    max_cadence: s.totals.max_cadence ?? null,
    avg_power_watts: s.totals.avg_power_watts ?? null,
    max_power_watts: s.totals.max_power_watts ?? null,
    normalized_power_watts: s.normalizedPowerWatts,
    elevation_gain_meters: s.totals.elevation_gain_meters ?? null,
    elevation_loss_meters: s.totals.elevation_loss_meters ?? null,
    stroke_count: s.totals.stroke_count ?? null,
    first_lap_index: s.firstLapIndex,
    lap_count: s.lapCount,
    set_count: s.setCount,
    swim: s.swim === null ? null : tx.json(s.swim),
  }));
  return tx`insert into workout_sessions ${tx(rows)}`;
}
