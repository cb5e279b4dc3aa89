import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { gpx, tcx } from "@tmcw/togeojson";
import { DOMParser } from "@xmldom/xmldom";
import { unzipSync } from "fflate";
import { createTestContext, type TestContext, type TestUser } from "../helpers/test-app.ts";
import { call } from "../trackers/helpers.ts";
import { importFiles } from "./import-helpers.ts";

/**
 * Real GPX and TCX files (corpus/gpx-tcx/SOURCES.md) imported through the API and compared
 * with what @tmcw/togeojson, an independent reader we do not ship, reads from them: point
 * count, first and last time, maximum heart rate, and the distance in the file's order with
 * nothing between tracks or segments; for TCX each lap's own time, distance, calories and
 * heart rate.
 */

const DIR = `${import.meta.dir}/corpus/gpx-tcx`;
const FILES = readdirSync(DIR).filter((f) => /\.(gpx|tcx)(\.zip)?$/.test(f));

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await ctx.createUser();
}, 60_000);
afterAll(() => ctx.close());

/** The XML of a corpus file, unzipped when stored zipped. */
function xmlOf(file: string): string {
  const bytes = new Uint8Array(readFileSync(`${DIR}/${file}`));
  const inner = file.endsWith(".zip") ? Object.values(unzipSync(bytes))[0]! : bytes;
  // xmldom refuses whitespace before the declaration, which some writers leave.
  return new TextDecoder().decode(inner).trimStart();
}

const R = 6_371_008.8;
function haversine(a: number[], b: number[]) {
  const rad = Math.PI / 180;
  const dLat = (b[1]! - a[1]!) * rad;
  const dLon = (b[0]! - a[0]!) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a[1]! * rad) * Math.cos(b[1]! * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

const isTcx = (file: string) => file.includes(".tcx");

type Reference = {
  points: number;
  first: number;
  last: number;
  maxHr: number | null;
  metres: number;
  /** TCX laps togeojson reads as no line (one of a single point): their points are ours only. */
  linesLeftOut: number;
  laps?: { metres: number; seconds: number; each: LapValues[] };
};

/** One TCX lap's own values as the file states them (a heart rate's Value inside its element). */
type LapValues = { start: number } & Record<(typeof TCX_LAP_FIELDS)[number][0], number | null>;

// A served lap's figures and the TCX Lap children they come from.
const TCX_LAP_FIELDS = [
  ["timer_time_seconds", "TotalTimeSeconds"],
  ["distance_meters", "DistanceMeters"],
  ["calories", "Calories"],
  ["avg_heart_rate", "AverageHeartRateBpm"],
  ["max_heart_rate", "MaximumHeartRateBpm"],
] as const;

/** What togeojson reads: each line (a GPX segment, a TCX lap) with its times. */
function reference(file: string): Reference {
  const doc = new DOMParser().parseFromString(xmlOf(file), "text/xml");
  const all = (isTcx(file) ? tcx(doc as never) : gpx(doc as never)).features;
  const features = all.filter((f) => f.geometry && f.geometry.type !== "Point");
  const ref: Reference = {
    points: 0,
    first: Infinity,
    last: -Infinity,
    maxHr: null,
    metres: 0,
    linesLeftOut: isTcx(file) ? doc.getElementsByTagName("Lap").length - features.length : 0,
  };
  for (const feature of features) {
    const geometry = feature.geometry as { type: string; coordinates: unknown };
    const props = feature.properties as Record<string, any>;
    const multi = geometry.type === "MultiLineString";
    const lines = (multi ? geometry.coordinates : [geometry.coordinates]) as number[][][];
    const cp = props.coordinateProperties ?? {};
    const times = (multi ? cp.times : [cp.times]) as (string | null)[][];
    const hearts = cp.heart ?? cp.heartRates;
    const heartLines = (hearts && (multi ? hearts : [hearts])) as (number | null)[][] | undefined;
    lines.forEach((line, l) => {
      let previous: number[] | null = null;
      line.forEach((coordinate, i) => {
        const t = Date.parse(times?.[l]?.[i] ?? "");
        if (Number.isNaN(t)) return;
        ref.points++;
        ref.first = Math.min(ref.first, t);
        ref.last = Math.max(ref.last, t);
        const hr = heartLines?.[l]?.[i];
        if (typeof hr === "number") ref.maxHr = Math.max(ref.maxHr ?? 0, hr);
        if (previous) ref.metres += haversine(previous, coordinate);
        previous = coordinate;
      });
    });
  }
  if (isTcx(file)) ref.laps = lapTotals(doc);
  return ref;
}

/** The TCX laps' own values, read with xmldom (togeojson leaves out laps without points). */
function lapTotals(doc: ReturnType<DOMParser["parseFromString"]>) {
  const totals = { metres: 0, seconds: 0, each: [] as LapValues[] };
  for (const lap of Array.from(doc.getElementsByTagName("Lap"))) {
    const child = (name: string) => {
      const text = Array.from(lap.childNodes).find((n) => n.nodeName === name)?.textContent;
      return text ? Number(text) : null;
    };
    totals.metres += child("DistanceMeters") ?? 0;
    totals.seconds += child("TotalTimeSeconds") ?? 0;
    const values = { start: Date.parse(lap.getAttribute("StartTime")!) } as LapValues;
    for (const [ours, theirs] of TCX_LAP_FIELDS) values[ours] = child(theirs);
    // Zero calories is what writers put for none.
    if (values.calories === 0) values.calories = null;
    totals.each.push(values);
  }
  return totals;
}

describe("GPX and TCX corpus against togeojson", () => {
  test.each(FILES)("%s", async (file) => {
    const ref = reference(file);
    const [outcome = {}] = await importFiles(ctx, user, [[file, readFileSync(`${DIR}/${file}`)]]);
    expect(outcome.status).toBe("imported");
    expect(outcome.gps_points - ref.points).toBeWithin(0, ref.linesLeftOut + 1);
    const entry = (await call(ctx, user, "GET", `/api/exercise-entries/${outcome.entry_id}`)).body;
    const track = (
      await call(ctx, user, "GET", `/api/generic-health/workout-gps/${outcome.entry_id}`)
    ).body.data;
    const times = track.points.map((p: { t: string }) => Date.parse(p.t));
    expect(Math.min(...times)).toBe(ref.first);
    expect(Math.max(...times)).toBe(ref.last);
    // A TCX activity starts at its first lap's StartTime, which togeojson does not read: never
    // after the first point (laps without points come first in some files).
    if (isTcx(file)) expect(Date.parse(entry.start_time)).toBeLessThanOrEqual(ref.first);
    else expect(Date.parse(entry.start_time)).toBe(ref.first);
    if (ref.maxHr !== null) expect(entry.max_heart_rate).toBe(ref.maxHr);
    if (ref.laps) {
      // TCX: the laps' own totals are the workout's.
      expect(Math.abs(entry.distance * 1000 - ref.laps.metres)).toBeLessThan(1);
      expect(entry.duration_seconds).toBeCloseTo(ref.laps.seconds, 0);
      // Each lap with the file's own figures, not recomputed from the points.
      const laps = (
        await call(ctx, user, "GET", `/api/generic-health/workout-laps/${outcome.entry_id}`)
      ).body.data;
      expect(laps).toHaveLength(ref.laps.each.length);
      // Movescount writes MaximumSpeed in metres an hour (18,720): not a speed.
      for (const lap of laps) expect(lap.max_speed_mps ?? 0).toBeLessThan(150);
      ref.laps.each.forEach((lap, i) => {
        expect(Date.parse(laps[i].start_time)).toBe(lap.start);
        // Where the file has none, the lap's points tell.
        for (const [key] of TCX_LAP_FIELDS) {
          const value = lap[key];
          if (value !== null)
            expect([i, key, laps[i][key]]).toEqual([i, key, expect.closeTo(value, 3)]);
        }
      });
    } else {
      // GPX: measured along the file's order, nothing across a break between segments.
      expect(Math.abs(entry.distance * 1000 - ref.metres)).toBeLessThan(1);
    }
    console.log(
      `${file}: ${ref.points} points, ${(entry.distance * 1000).toFixed(0)} m, ` +
        `${entry.duration_seconds} s, ${entry.exercise_name}`,
    );
  });
});
