import { RecordError } from "../lib/ingest-types.ts";
import type { HrSeries, Track } from "./series.ts";
import { summariseSpan } from "./span-summary.ts";
import { channelStats, cumulativeDistance, movingTimeSeconds } from "./track-math.ts";

/** The exercise_entries columns a record's `telemetry` object may set; other keys are ignored. */
export const TELEMETRY_KEYS = [
  "avg_heart_rate",
  "max_heart_rate",
  "avg_speed_mps",
  "max_speed_mps",
  "avg_cadence",
  "max_cadence",
  "avg_power_watts",
  "max_power_watts",
  "elevation_gain_meters",
  "elevation_loss_meters",
  "min_elevation_meters",
  "max_elevation_meters",
  "floors_climbed",
  "stroke_count",
  "moving_time_seconds",
  "elapsed_time_seconds",
  "active_calories",
  "ground_contact_time_ms",
  "vertical_oscillation_mm",
  "stride_length_cm",
  "resting_calories",
  "aerobic_training_effect",
  "anaerobic_training_effect",
  "training_load",
  "vo2_max_estimate",
  "heart_rate_recovery_1min",
  "weather_temp_celsius",
  "weather_wind_speed_mps",
  "weather_humidity_percentage",
] as const;
export type TelemetryKey = (typeof TELEMETRY_KEYS)[number];
export type Telemetry = Record<TelemetryKey, number | null>;

/** The known keys of `telemetry` the client sent; null counts as not sent. */
export function parseClientTelemetry(value: unknown): Partial<Telemetry> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value))
    throw new RecordError("telemetry must be an object");
  const sent: Partial<Telemetry> = {};
  for (const key of TELEMETRY_KEYS) {
    const v = (value as Record<string, unknown>)[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== "number" || !Number.isFinite(v))
      throw new RecordError(`telemetry.${key} must be a number`);
    sent[key] = v;
  }
  return sent;
}

export type DerivedSeries = {
  telemetry: Telemetry;
  /** Metres along the track, or null without a usable GPS track. */
  distanceMeters: number | null;
  cumulative: number[];
};

/**
 * Fills every telemetry value the client omitted from the series where possible; values
 * the client sent are kept as sent. `fallbackElapsed` (end - start) is used without series.
 */
export function deriveTelemetry(
  sent: Partial<Telemetry>,
  track: Track,
  hr: HrSeries,
  fallbackElapsed: number | null,
): DerivedSeries {
  const cumulative = cumulativeDistance(track);
  const hasTrack = track.t.length >= 2;
  const distanceMeters = hasTrack ? cumulative.at(-1)! : null;
  const altitude = channelStats(track.alt);
  const moving = hasTrack ? movingTimeSeconds(track, cumulative) : null;
  const series = hasTrack ? track.t : hr.t;
  const elapsed = series.length >= 2 ? (series.at(-1)! - series[0]!) / 1000 : fallbackElapsed;
  const whole = { from: 0, to: track.t.length, hrFrom: 0, hrTo: hr.t.length };

  const derived: Telemetry = {
    ...summariseSpan(track, hr, whole, distanceMeters, moving),
    min_elevation_meters: altitude && altitude.min,
    max_elevation_meters: altitude && altitude.max,
    floors_climbed: null,
    stroke_count: null,
    moving_time_seconds: moving,
    elapsed_time_seconds: elapsed,
    active_calories: null,
    ground_contact_time_ms: null,
    vertical_oscillation_mm: null,
    stride_length_cm: null,
    resting_calories: null,
    aerobic_training_effect: null,
    anaerobic_training_effect: null,
    training_load: null,
    vo2_max_estimate: null,
    heart_rate_recovery_1min: null,
    weather_temp_celsius: null,
    weather_wind_speed_mps: null,
    weather_humidity_percentage: null,
  };
  for (const key of TELEMETRY_KEYS) if (sent[key] !== undefined) derived[key] = sent[key]!;
  return { telemetry: derived, distanceMeters, cumulative };
}
