import type { Channel, Track } from "./series.ts";

/**
 * Altitude changes smaller than this are GPS/barometer noise: a climb or descent counts once
 * the altitude has turned back this far from its highest or lowest point (hysteresis), and
 * then counts whole, from the last turning point to this one.
 */
export const ELEVATION_NOISE_METERS = 3;
/** Below this speed a segment counts as standing still for moving time. */
export const MOVING_SPEED_MPS = 0.5;

const EARTH_RADIUS_METERS = 6_371_008.8;

export function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Metres covered from the first point to each point: the device's cumulative `dist` when
 * every point has one, otherwise the haversine sum along the track, in its order, with
 * nothing counted across a pause between segments.
 */
export function cumulativeDistance(track: Track): number[] {
  const n = track.t.length;
  const cumulative = new Array<number>(n);
  if (n > 0 && track.dist.every((d) => d !== null)) {
    const first = track.dist[0]!;
    for (let i = 0; i < n; i++) cumulative[i] = track.dist[i]! - first;
    return cumulative;
  }
  const pauses = new Set(track.segmentStarts);
  let total = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && !pauses.has(i))
      total += haversineMeters(track.lat[i - 1]!, track.lon[i - 1]!, track.lat[i]!, track.lon[i]!);
    cumulative[i] = total;
  }
  return cumulative;
}

export type ChannelStats = { avg: number; max: number; min: number };

/** Mean, maximum and minimum of the non-null values at indexes [from, to); null when none. */
export function channelStats(values: Channel, from = 0, to = values.length): ChannelStats | null {
  let sum = 0;
  let count = 0;
  let max = -Infinity;
  let min = Infinity;
  for (let i = from; i < to; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    sum += v;
    count++;
    if (v > max) max = v;
    if (v < min) min = v;
  }
  return count === 0 ? null : { avg: sum / count, max, min };
}

type Altitudes = ReadonlyArray<number | null | undefined>;

/**
 * The altitudes with their noise levelled out, null where unknown. Turning points are the
 * extremes the altitude left by at least ELEVATION_NOISE_METERS; between two of them the
 * levelled altitude only moves one way, from one to the other, and before the first and
 * after the last it stays put. Its rises add up to the elevation gain, its falls to the
 * loss, and jitter smaller than the threshold never counts.
 */
export function levelledAltitudes(alt: Altitudes): (number | null)[] {
  const turns = turningPoints(alt);
  const levelled: (number | null)[] = alt.map(() => null);
  const first = turns[0] ?? alt.findIndex((a) => a != null);
  const last = turns.at(-1) ?? first;
  let leg = 0;
  let level = alt[first] ?? 0;
  for (let i = 0; i < alt.length; i++) {
    const a = alt[i];
    if (a == null) continue;
    if (i > first && i <= last) {
      while (i > turns[leg + 1]!) leg++;
      const target = alt[turns[leg + 1]!]!;
      level =
        target > alt[turns[leg]!]!
          ? Math.min(target, Math.max(level, a))
          : Math.max(target, Math.min(level, a));
    }
    levelled[i] = level;
  }
  return levelled;
}

/** The indexes of the turning points, in order (none when the altitude never moved enough). */
function turningPoints(alt: Altitudes): number[] {
  const turns: number[] = [];
  // Before the first move of the threshold's size: where the lowest and highest altitudes are.
  let low = -1;
  let high = -1;
  let direction: 1 | -1 | 0 = 0;
  // The furthest point since the last turn, in the current direction.
  let extreme = -1;
  for (let i = 0; i < alt.length; i++) {
    const a = alt[i];
    if (a == null) continue;
    if (direction === 0) {
      if (low < 0 || a < alt[low]!) low = i;
      if (high < 0 || a > alt[high]!) high = i;
      if (a - alt[low]! >= ELEVATION_NOISE_METERS) [direction, extreme] = [1, i];
      else if (alt[high]! - a >= ELEVATION_NOISE_METERS) [direction, extreme] = [-1, i];
      if (direction !== 0) turns.push(direction === 1 ? low : high);
    } else if (direction * (a - alt[extreme]!) > 0) {
      extreme = i;
    } else if (Math.abs(a - alt[extreme]!) >= ELEVATION_NOISE_METERS) {
      turns.push(extreme);
      [direction, extreme] = [direction === 1 ? -1 : 1, i];
    }
  }
  if (direction !== 0) turns.push(extreme);
  return turns;
}

/** Elevation gain and loss over [from, to): the rises and falls of the levelled altitudes. */
export function elevationChange(alt: Channel, from = 0, to = alt.length) {
  let gain = 0;
  let loss = 0;
  let previous: number | null = null;
  for (const level of levelledAltitudes(alt.slice(from, to))) {
    if (level === null) continue;
    if (previous !== null && level > previous) gain += level - previous;
    if (previous !== null && level < previous) loss += previous - level;
    previous = level;
  }
  return previous === null ? null : { gain, loss };
}

/**
 * Seconds spent moving: each step between consecutive points counts when its speed (the
 * later point's `speed`, else distance over time) is at least MOVING_SPEED_MPS; a pause
 * between segments never does.
 */
export function movingTimeSeconds(track: Track, cumulative: number[]): number {
  const pauses = new Set(track.segmentStarts);
  let movingMs = 0;
  for (let i = 1; i < track.t.length; i++) {
    const dt = track.t[i]! - track.t[i - 1]!;
    if (dt <= 0 || pauses.has(i)) continue;
    const speed = track.speed[i] ?? ((cumulative[i]! - cumulative[i - 1]!) * 1000) / dt;
    if (speed >= MOVING_SPEED_MPS) movingMs += dt;
  }
  return movingMs / 1000;
}

/** First index whose time is >= t (binary search over sorted times). */
export function lowerBound(times: number[], t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
