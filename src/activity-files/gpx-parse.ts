import { ActivityFileError, emptySamples, num, type Activity } from "./activity.ts";
import { sportName } from "./sport-names.ts";
import { streamXml } from "./xml.ts";

// Per-point extension values (Garmin TrackPointExtension, cluetrust gpxdata or plain) read
// under <extensions>.
const EXTENSION_FIELDS = new Set(["hr", "cad", "speed", "power", "distance"]);

type Point = {
  lat: number | null;
  lon: number | null;
  ele?: string;
  time?: string;
  ext: Record<string, string>;
};

/**
 * A GPX file's tracks as one activity, read as a stream straight into the sample columns in
 * the file's order; heart rate, cadence, speed, power and distance from the point's
 * extensions. Each track and segment after the first begins after a pause. The file's own
 * totals, where it has them (gpxdata's lap calories and distance), are kept.
 */
export async function parseGpx(bytes: Uint8Array): Promise<Activity> {
  const samples = emptySamples();
  const segmentStarts: number[] = [];
  let root: string | null = null;
  let tracks = 0;
  let name: string | null = null;
  let type: string | null = null;
  let point: Point | null = null;
  let inExtensions = 0;
  let newSegment = false;
  const totals = { calories: 0, distance: 0 };
  await streamXml(bytes, {
    open(tag, parent, attributes) {
      if (root === null) {
        root = tag;
        if (tag !== "gpx") throw new ActivityFileError("Not a GPX file (no gpx element).");
      }
      if (tag === "trk" && parent === "gpx") tracks++;
      else if (tag === "trkseg") newSegment = samples.t.length > 0;
      else if (tag === "trkpt" && parent === "trkseg")
        point = { lat: num(attributes.lat), lon: num(attributes.lon), ext: {} };
      else if (tag === "extensions" && point) inExtensions++;
    },
    close(tag, parent, text) {
      if (point) {
        if (tag === "trkpt") {
          if (addPoint(samples, point) && newSegment) {
            segmentStarts.push(samples.t.length - 1);
            newSegment = false;
          }
          point = null;
        } else if (tag === "extensions") inExtensions--;
        else if (inExtensions > 0) {
          if (EXTENSION_FIELDS.has(tag)) point.ext[tag] ??= text;
        } else if (parent === "trkpt" && (tag === "ele" || tag === "time")) point[tag] = text;
      } else if (parent === "lap" && (tag === "calories" || tag === "distance")) {
        totals[tag] += num(text) ?? 0;
      } else if (parent === "trk" && tracks === 1) {
        // The activity's name and type are the first track's.
        if (tag === "name") name ??= text;
        else if (tag === "type") type ??= text;
      }
    },
  });
  if (samples.t.length === 0)
    throw new ActivityFileError("The GPX file has no timed track points.");
  const { first, last, recorded } = timeSpan(samples.t, segmentStarts);
  return {
    activityId: null,
    sport: sportName(type),
    name,
    start: new Date(first),
    end: new Date(last),
    // Recording time: each segment's span, without the pauses between them.
    durationSeconds: recorded / 1000,
    distanceMeters: totals.distance || null,
    calories: totals.calories || null,
    samples,
    segmentStarts,
    laps: [],
  };
}

/** The earliest and latest time, and the milliseconds each segment spans, summed. */
function timeSpan(t: number[], segmentStarts: number[]) {
  let first = Infinity;
  let last = -Infinity;
  let recorded = 0;
  const bounds = [0, ...segmentStarts, t.length];
  for (let s = 0; s + 1 < bounds.length; s++) {
    let low = Infinity;
    let high = -Infinity;
    for (let i = bounds[s]!; i < bounds[s + 1]!; i++) {
      if (t[i]! < low) low = t[i]!;
      if (t[i]! > high) high = t[i]!;
    }
    recorded += high - low;
    first = Math.min(first, low);
    last = Math.max(last, high);
  }
  return { first, last, recorded };
}

/** Adds a timed point; false (nothing added) for one without a readable time. */
function addPoint(samples: Activity["samples"], point: Point): boolean {
  const t = point.time === undefined ? NaN : Date.parse(point.time);
  if (Number.isNaN(t)) return false;
  samples.t.push(t);
  samples.lat.push(point.lat);
  samples.lon.push(point.lon);
  samples.alt.push(num(point.ele));
  samples.speed.push(num(point.ext.speed));
  samples.hr.push(num(point.ext.hr));
  samples.cad.push(num(point.ext.cad));
  samples.power.push(num(point.ext.power));
  samples.dist.push(num(point.ext.distance));
  return true;
}
