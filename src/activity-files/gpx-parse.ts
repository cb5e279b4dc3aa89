import { ActivityFileError, emptySamples, num, sportName, type Activity } from "./activity.ts";
import { streamXml } from "./xml.ts";

// Per-point extension values (Garmin TrackPointExtension or plain) read under <extensions>.
const EXTENSION_FIELDS = new Set(["hr", "cad", "speed", "power"]);

type Point = {
  lat: number | null;
  lon: number | null;
  ele?: string;
  time?: string;
  ext: Record<string, string>;
};

/**
 * A GPX track (all its segments) as one activity, read as a stream straight into the
 * sample columns; heart rate, cadence, speed and power from the point's extensions.
 */
export async function parseGpx(bytes: Uint8Array): Promise<Activity> {
  const samples = emptySamples();
  let root: string | null = null;
  let tracks = 0;
  let name: string | null = null;
  let type: string | null = null;
  let point: Point | null = null;
  let inExtensions = 0;
  await streamXml(bytes, {
    open(tag, parent, attributes) {
      if (root === null) {
        root = tag;
        if (tag !== "gpx") throw new ActivityFileError("Not a GPX file (no gpx element).");
      }
      if (tag === "trk" && parent === "gpx") tracks++;
      else if (tag === "trkpt" && parent === "trkseg")
        point = { lat: num(attributes.lat), lon: num(attributes.lon), ext: {} };
      else if (tag === "extensions" && point) inExtensions++;
    },
    close(tag, parent, text) {
      if (point) {
        if (tag === "trkpt") {
          addPoint(samples, point);
          point = null;
        } else if (tag === "extensions") inExtensions--;
        else if (inExtensions > 0) {
          if (EXTENSION_FIELDS.has(tag)) point.ext[tag] ??= text;
        } else if (parent === "trkpt" && (tag === "ele" || tag === "time")) point[tag] = text;
      } else if (parent === "trk" && tracks === 1) {
        // The activity's name and type are the first track's.
        if (tag === "name") name ??= text;
        else if (tag === "type") type ??= text;
      }
    },
  });
  if (samples.t.length === 0)
    throw new ActivityFileError("The GPX file has no timed track points.");
  return {
    activityId: null,
    sport: sportName(type),
    name,
    start: new Date(samples.t[0]!),
    end: new Date(samples.t.at(-1)!),
    durationSeconds: null,
    distanceMeters: null,
    calories: null,
    samples,
    laps: [],
  };
}

function addPoint(samples: Activity["samples"], point: Point) {
  const t = point.time === undefined ? NaN : Date.parse(point.time);
  if (Number.isNaN(t)) return;
  samples.t.push(t);
  samples.lat.push(point.lat);
  samples.lon.push(point.lon);
  samples.alt.push(num(point.ele));
  samples.speed.push(num(point.ext.speed));
  samples.hr.push(num(point.ext.hr));
  samples.cad.push(num(point.ext.cad));
  samples.power.push(num(point.ext.power));
  samples.dist.push(null);
}
