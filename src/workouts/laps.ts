import type { HrSeries, LapWindow, Track } from "./series.ts";
import { channelStats, elevationChange, lowerBound, roundTo } from "./track-math.ts";

export type LapSummary = {
  lap_index: number;
  start_time: Date;
  end_time: Date;
  duration_seconds: number;
  distance_meters: number | null;
  avg_heart_rate: number | null;
  max_heart_rate: number | null;
  avg_speed_mps: number | null;
  max_speed_mps: number | null;
  avg_cadence: number | null;
  max_cadence: number | null;
  avg_power_watts: number | null;
  max_power_watts: number | null;
  elevation_gain_meters: number | null;
  elevation_loss_meters: number | null;
};

/**
 * Summarises each lap window from the series. Points with start <= t < end belong to a lap
 * (t <= end for the last one). Distance is the cumulative distance at the last point at or
 * before the lap's end minus that at or before its start, so the laps add up to the track.
 */
export function summariseLaps(
  windows: LapWindow[],
  track: Track,
  cumulative: number[],
  hr: HrSeries,
): LapSummary[] {
  return windows.map((lap, position) => {
    const last = position === windows.length - 1;
    const from = lowerBound(track.t, lap.start);
    const to = last ? lowerBound(track.t, lap.end + 1) : lowerBound(track.t, lap.end);
    const hrFrom = lowerBound(hr.t, lap.start);
    const hrTo = last ? lowerBound(hr.t, lap.end + 1) : lowerBound(hr.t, lap.end);
    const heart = channelStats(hr.bpm, hrFrom, hrTo);
    const speed = channelStats(track.speed, from, to);
    const cadence = channelStats(track.cad, from, to);
    const power = channelStats(track.power, from, to);
    const elevation = elevationChange(track.alt, from, to);
    const duration = (lap.end - lap.start) / 1000;
    const distance = lapDistance(track.t, cumulative, lap);
    const avgSpeed = speed?.avg ?? (distance !== null && duration > 0 ? distance / duration : null);
    return {
      lap_index: lap.lapIndex,
      start_time: new Date(lap.start),
      end_time: new Date(lap.end),
      duration_seconds: duration,
      distance_meters: distance === null ? null : roundTo(distance, 1),
      avg_heart_rate: heart && roundTo(heart.avg, 1),
      max_heart_rate: heart && heart.max,
      avg_speed_mps: avgSpeed === null ? null : roundTo(avgSpeed, 3),
      max_speed_mps: speed && speed.max,
      avg_cadence: cadence && roundTo(cadence.avg, 1),
      max_cadence: cadence && cadence.max,
      avg_power_watts: power && roundTo(power.avg, 1),
      max_power_watts: power && power.max,
      elevation_gain_meters: elevation && roundTo(elevation.gain, 1),
      elevation_loss_meters: elevation && roundTo(elevation.loss, 1),
    };
  });
}

function lapDistance(times: number[], cumulative: number[], lap: LapWindow): number | null {
  if (times.length < 2) return null;
  const atOrBefore = (t: number) => {
    const i = lowerBound(times, t + 1) - 1;
    return i < 0 ? 0 : cumulative[i]!;
  };
  return atOrBefore(lap.end) - atOrBefore(lap.start);
}
