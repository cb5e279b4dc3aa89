import { HttpError } from "../errors.ts";

/**
 * What an uploaded file may hold, whatever its size on the wire: limits no real export
 * meets (a 1.9 MB Ironman FIT, ten years of Apple Health), so that a crafted file is
 * refused with a clear answer before it can exhaust memory or hold the event loop.
 * The README's "Operations" section lists them.
 */
export const UPLOAD_LIMITS = {
  /** Inflated bytes of one zip member (an activity file, an Apple Health route). */
  zipMemberBytes: 64 * 1024 * 1024,
  /** Activity-file import: inflated bytes of all its zips together, and members. */
  activityZipBytes: 256 * 1024 * 1024,
  activityZipEntries: 2000,
  /** /api/import (an account's export archive): inflated bytes and entries. */
  archiveZipBytes: 256 * 1024 * 1024,
  archiveZipEntries: 20_000,
  /** Apple Health export.zip: inflated bytes (export.xml included) and entries. */
  appleHealthZipBytes: 32 * 1024 * 1024 * 1024,
  appleHealthZipEntries: 20_000,
  /**
   * Workouts (with their statistics and metadata), sleep samples and day totals an Apple
   * Health import gathers before writing them; ten years of a watch are about 500,000.
   */
  appleHealthGathered: 1_000_000,
  /** Statistics and metadata entries kept per Apple Health workout (the rest are ignored). */
  appleHealthWorkoutEntries: 1000,
  /** One XML text node, attribute value or comment, in characters. */
  xmlTextChars: 1024 * 1024,
  /** Elements open inside each other in an XML file. */
  xmlDepth: 100,
  /** Messages of one FIT file (a record a second for five days; an Ironman has 60,000). */
  fitMessages: 500_000,
  /** CSV import (MyFitnessPal, Cronometer). */
  csvColumns: 500,
  csvRows: 500_000,
  /** Names and titles read from a file are cut to this many characters. */
  importedNameChars: 200,
} as const;

/** A limit of UPLOAD_LIMITS exceeded: 413 (too much of something) or 422 (nested too deep). */
export class UploadLimitError extends HttpError {
  constructor(message: string, status: 413 | 422 = 413) {
    super(status, message);
  }
}

/** "64 MB" for a byte count. */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GB` : `${bytes / 1024 ** 2} MB`;
}

/** A name read from a file, cut to the limit (a title is no place for megabytes). */
export function importedName(name: string | null): string | null {
  return name === null ? null : name.slice(0, UPLOAD_LIMITS.importedNameChars);
}

/** Lets timers and other requests run when work has held the event loop this long. */
const HOLD_MS = 40;

/** Call often during long synchronous work: it yields only once HOLD_MS have passed. */
export function yielder(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < HOLD_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
