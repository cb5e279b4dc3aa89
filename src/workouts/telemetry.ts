import { RecordError } from "../health-data/ingest-types.ts";
import type { HrSeries, Track } from "./series.ts";
import {
  channelStats,
  cumulativeDistance,
  elevationChange,
  movingTimeSeconds,
  roundTo,
} from "./track-math.ts";

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
  const heart = channelStats(hr.bpm);
  const speed = channelStats(track.speed);
  const cadence = channelStats(track.cad);
  const power = channelStats(track.power);
  const altitude = channelStats(track.alt);
  const elevation = elevationChange(track.alt);
  const moving = hasTrack ? movingTimeSeconds(track, cumulative) : null;
  const series = hasTrack ? track.t : hr.t;
  const elapsed = series.length >= 2 ? (series.at(-1)! - series[0]!) / 1000 : fallbackElapsed;
  const avgSpeed =
    speed?.avg ?? (distanceMeters !== null && moving ? distanceMeters / moving : null);

  const derived: Telemetry = {
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
  };
  for (const key of TELEMETRY_KEYS) if (sent[key] !== undefined) derived[key] = sent[key]!;
  return { telemetry: derived, distanceMeters, cumulative };
}
