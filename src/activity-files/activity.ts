/** What every activity-file parser produces: one activity with its series in columns. */

/**
 * Point i of every array belongs together, in the file's order (which is not always the time
 * order); `t` is epoch ms, missing values are null.
 */
export type Samples = {
  t: number[];
  lat: (number | null)[];
  lon: (number | null)[];
  alt: (number | null)[];
  speed: (number | null)[];
  hr: (number | null)[];
  cad: (number | null)[];
  power: (number | null)[];
  dist: (number | null)[];
};

export type Activity = {
  /** The file's own activity id (FIT file id, TCX Id), else null and a content hash is used. */
  activityId: string | null;
  sport: string;
  name: string | null;
  start: Date;
  end: Date | null;
  durationSeconds: number | null;
  distanceMeters: number | null;
  calories: number | null;
  samples: Samples;
  /** Indexes (never 0) of the samples that begin a segment after a pause, in file order. */
  segmentStarts?: number[];
  laps: { start: number; end: number }[];
};

/** A file that cannot be read; the message goes to the file's outcome. */
export class ActivityFileError extends Error {}

export function emptySamples(): Samples {
  return { t: [], lat: [], lon: [], alt: [], speed: [], hr: [], cad: [], power: [], dist: [] };
}

/** A finite number from a number or numeric string, else null. */
export function num(value: unknown): number | null {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

// The FIT reader names its sport with this too.
export { sportName } from "./sport-names.ts";
