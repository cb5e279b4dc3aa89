import type { HrSeries, Track } from "./series.ts";
import { channelStats, elevationChange, roundTo } from "./track-math.ts";

export type SpanSummary = {
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

/** Index ranges of one span (a lap, or the whole workout) in the track and the HR series. */
export type SpanRange = { from: number; to: number; hrFrom: number; hrTo: number };

/**
 * Averages, maxima and elevation change of the channels over one span. Average speed is
 * the mean of the sensor's speed values, else `distance / seconds` when both are known.
 */
export function summariseSpan(
  track: Track,
  hr: HrSeries,
  range: SpanRange,
  distance: number | null,
  seconds: number | null,
): SpanSummary {
  const heart = channelStats(hr.bpm, range.hrFrom, range.hrTo);
  const speed = channelStats(track.speed, range.from, range.to);
  const cadence = channelStats(track.cad, range.from, range.to);
  const power = channelStats(track.power, range.from, range.to);
  const elevation = elevationChange(track.alt, range.from, range.to);
  const avgSpeed = speed?.avg ?? (distance !== null && seconds ? distance / seconds : null);
  return {
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
}
