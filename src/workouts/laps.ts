import type { HrSeries, LapWindow, Track } from "./series.ts";
import { type SpanSummary, summariseSpan } from "./span-summary.ts";
import { lowerBound, roundTo } from "./track-math.ts";

export type LapSummary = SpanSummary & {
  lap_index: number;
  start_time: Date;
  end_time: Date;
  duration_seconds: number;
  timer_time_seconds: number | null;
  distance_meters: number | null;
  calories: number | null;
};

/**
 * Each lap with the figures its device recorded, the others summarised from the series.
 * Points with start <= t < end belong to a lap (t <= end for the last one). Distance is the
 * cumulative distance at the last point at or before the lap's end minus that at or before
 * its start, so recomputed laps add up to the track.
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
    const device = lap.device;
    const duration = device.duration_seconds ?? (lap.end - lap.start) / 1000;
    const measured = lapDistance(track.t, cumulative, lap);
    const distance = device.distance_meters ?? (measured === null ? null : roundTo(measured, 1));
    // A speed derived from distance and time uses the device's where it gave them.
    const seconds = device.timer_time_seconds ?? duration;
    return {
      lap_index: lap.lapIndex,
      start_time: new Date(lap.start),
      end_time: new Date(lap.end),
      duration_seconds: duration,
      timer_time_seconds: null,
      distance_meters: distance,
      calories: null,
      ...summariseSpan(track, hr, { from, to, hrFrom, hrTo }, distance, seconds),
      ...device,
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
