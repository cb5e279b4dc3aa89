import { levelledAltitudes } from "../../../src/workouts/track-math.ts";
import type { TrackPoint } from "../../api/types.ts";
import { metresBetween } from "./track-speeds.ts";

export type Split = {
  /** Metres covered: a whole km or mile, less for the last one. */
  metres: number;
  seconds: number;
  /**
   * Metres climbed and descended within the split, from the altitudes levelled as the
   * server levels them for the workout's elevation gain: the splits add up to it.
   */
  ascent: number;
  descent: number;
  avgHeartRate: number | null;
};

type Open = { metres: number; seconds: number; ascent: number; descent: number; hr: number[] };

const empty = (): Open => ({ metres: 0, seconds: 0, ascent: 0, descent: 0, hr: [] });

function close(open: Open): Split {
  const hr = open.hr.length ? open.hr.reduce((a, b) => a + b, 0) / open.hr.length : null;
  return { ...open, avgHeartRate: hr };
}

/**
 * A track cut into splits of `length` metres (1000 for km, 1609.344 for miles). A step
 * between two points that crosses a boundary is shared in proportion to its distance, so
 * split times add up to the track's.
 */
export function trackSplits(points: TrackPoint[], length: number): Split[] {
  const splits: Split[] = [];
  const altitudes = levelledAltitudes(points.map((p) => p.alt));
  // The last known altitude: a point without one passes the climb on to the next that has.
  let altitude = altitudes[0] ?? null;
  let open = empty();
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    let metres = stepMetres(a, b);
    let seconds = Math.max(0, (Date.parse(b.t) - Date.parse(a.t)) / 1000);
    const reached = altitudes[i] ?? null;
    const climb = reached !== null && altitude !== null ? reached - altitude : 0;
    if (reached !== null) altitude = reached;
    let share = 1;
    if (b.hr != null) open.hr.push(b.hr);
    while (open.metres + metres >= length && metres > 0) {
      const part = (length - open.metres) / metres;
      open.metres = length;
      open.seconds += seconds * part;
      addClimb(open, climb * share * part);
      splits.push(close(open));
      open = empty();
      share *= 1 - part;
      seconds *= 1 - part;
      metres *= 1 - part;
    }
    open.metres += metres;
    open.seconds += seconds;
    addClimb(open, climb * share);
  }
  if (open.metres >= 1) splits.push(close(open));
  return splits;
}

// A device's own running distance (wheel or foot sensor, its filtered GPS) when both points
// carry it; else the straight line between the positions.
function stepMetres(a: TrackPoint, b: TrackPoint): number {
  if (a.dist != null && b.dist != null && b.dist >= a.dist) return b.dist - a.dist;
  return metresBetween(a, b);
}

function addClimb(open: Open, climb: number) {
  if (climb > 0) open.ascent += climb;
  else open.descent -= climb;
}

/** Metres climbed over the whole track, for a workout whose file states no elevation gain. */
export function trackAscent(points: TrackPoint[]): number | null {
  const splits = trackSplits(points, Infinity);
  return points.some((p) => p.alt != null) ? (splits[0]?.ascent ?? 0) : null;
}
