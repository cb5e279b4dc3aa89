import { estimateOneRepMax } from "./one-rep-max.ts";

/** Personal-record candidates of one entry, computed without the database. */

export type RecordType =
  | "max_weight"
  | "best_1rm"
  | "max_reps"
  | "fastest_1k"
  | "fastest_5k"
  | "fastest_10k"
  | "longest_distance";

/** A value that may be a record; `weight` keys max_reps (most reps at that weight). */
export type Candidate = { record_type: RecordType; value: number; weight: number | null };

// Lower is better for the times, higher for everything else.
export const LOWER_IS_BETTER = new Set<RecordType>(["fastest_1k", "fastest_5k", "fastest_10k"]);
const SEGMENTS: [RecordType, number][] = [
  ["fastest_1k", 1000],
  ["fastest_5k", 5000],
  ["fastest_10k", 10_000],
];

type SetLike = { set_type: string | null; reps: number | null; weight: number | null };

/** Heaviest weight, best estimated 1RM and most reps per weight; warm-up sets never count. */
export function strengthCandidates(sets: SetLike[]): Candidate[] {
  const working = sets.filter((s) => s.set_type !== "warmup" && (s.reps ?? 0) > 0);
  const weighted = working.filter((s) => (s.weight ?? 0) > 0);
  const out: Candidate[] = [];
  if (weighted.length) {
    out.push({
      record_type: "max_weight",
      value: Math.max(...weighted.map((s) => s.weight!)),
      weight: null,
    });
    const best = Math.max(...weighted.map((s) => estimateOneRepMax(s.weight, s.reps)!));
    out.push({ record_type: "best_1rm", value: best, weight: null });
  }
  const repsAt = new Map<number, number>();
  for (const s of working)
    repsAt.set(s.weight ?? 0, Math.max(repsAt.get(s.weight ?? 0) ?? 0, s.reps!));
  for (const [weight, reps] of repsAt) out.push({ record_type: "max_reps", value: reps, weight });
  return out;
}

/**
 * Longest distance and the fastest 1/5/10 km. With a track (epoch-ms times and cumulative
 * metres) the fastest window anywhere in it counts; without one, the entry's average pace.
 */
export function distanceCandidates(
  distanceKm: number | null,
  durationSeconds: number | null,
  track?: { t: number[]; dist: number[] },
): Candidate[] {
  if (!distanceKm || distanceKm <= 0) return [];
  const out: Candidate[] = [{ record_type: "longest_distance", value: distanceKm, weight: null }];
  for (const [type, metres] of SEGMENTS) {
    if (distanceKm * 1000 < metres) continue;
    const seconds =
      track && track.t.length > 1
        ? fastestWindow(track.t, track.dist, metres)
        : durationSeconds
          ? (durationSeconds * metres) / (distanceKm * 1000)
          : null;
    if (seconds !== null && seconds > 0)
      out.push({ record_type: type, value: Math.round(seconds * 10) / 10, weight: null });
  }
  return out;
}

/** The shortest time (s) to cover `metres`, two pointers over the cumulative distance. */
export function fastestWindow(t: number[], dist: number[], metres: number): number | null {
  let best = Infinity;
  let start = 0;
  for (let end = 1; end < t.length; end++) {
    while (start < end && dist[end]! - dist[start + 1]! >= metres) start++;
    const covered = dist[end]! - dist[start]!;
    if (covered >= metres) {
      // Scale to exactly `metres`, assuming even pace inside the window.
      best = Math.min(best, ((t[end]! - t[start]!) / 1000) * (metres / covered));
    }
  }
  return Number.isFinite(best) ? best : null;
}
