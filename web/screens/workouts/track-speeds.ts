import type { TrackPoint } from "../../api/types.ts";

const EARTH_RADIUS_M = 6_371_000;
// Speeds from positions are noisy point to point; a window of this many seconds smooths them.
const WINDOW_SECONDS = 20;

export function metresBetween(a: TrackPoint, b: TrackPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

/**
 * Each point's speed in metres per second: the recorded one, or (a GPX file records none)
 * the distance covered over the surrounding seconds.
 */
export function trackSpeeds(points: TrackPoint[]): Map<TrackPoint, number | null> {
  const speeds = new Map<TrackPoint, number | null>();
  const times = points.map((p) => Date.parse(p.t) / 1000);
  const cumulative = [0];
  for (let i = 1; i < points.length; i++)
    cumulative.push(cumulative[i - 1]! + metresBetween(points[i - 1]!, points[i]!));
  let start = 0;
  points.forEach((point, i) => {
    if (point.speed != null) return speeds.set(point, point.speed);
    while (times[i]! - times[start]! > WINDOW_SECONDS) start++;
    const seconds = times[i]! - times[start]!;
    speeds.set(point, seconds > 0 ? (cumulative[i]! - cumulative[start]!) / seconds : null);
  });
  return speeds;
}
