import { ActivityFileError, emptySamples, num, type Activity } from "./activity.ts";
import { sportName } from "./sport-names.ts";
import { streamXml } from "./xml.ts";

type ActivityState = {
  sport: string | null;
  id: string | null;
  notes: string | null;
  samples: Activity["samples"];
  segmentStarts: number[];
  laps: Activity["laps"];
  seconds: number;
  metres: number;
  calories: number;
};
type LapState = {
  start: number;
  /** Track elements so far: each after a lap's first begins after a pause. */
  tracks: number;
  newSegment: boolean;
  seconds: number | null;
  metres: number | null;
  calories: number | null;
};
type Point = Record<string, string>;

// Trackpoint values by element and parent, so lap totals (Lap/DistanceMeters) and averages
// (AverageHeartRateBpm/Value) are never taken for a point's.
const POINT_FIELDS: Record<string, string> = {
  "Trackpoint/Time": "time",
  "Position/LatitudeDegrees": "lat",
  "Position/LongitudeDegrees": "lon",
  "Trackpoint/AltitudeMeters": "alt",
  "Trackpoint/DistanceMeters": "dist",
  "HeartRateBpm/Value": "hr",
  "Trackpoint/Cadence": "cad",
  "TPX/RunCadence": "runCad",
  "TPX/Speed": "speed",
  "TPX/Watts": "power",
};

/**
 * Each TCX Activity with its laps and trackpoints, read as a stream into sample columns in
 * the file's order; a lap's second and later Track begin after a pause.
 */
export async function parseTcx(bytes: Uint8Array): Promise<Activity[]> {
  const activities: Activity[] = [];
  let root: string | null = null;
  let activity: ActivityState | null = null;
  let lap: LapState | null = null;
  let point: Point | null = null;
  await streamXml(bytes, {
    open(tag, parent, attributes) {
      if (root === null) {
        root = tag;
        if (tag !== "TrainingCenterDatabase")
          throw new ActivityFileError("Not a TCX file (no TrainingCenterDatabase element).");
      }
      if (tag === "Activity" && parent === "Activities")
        activity = {
          sport: attributes.Sport ?? null,
          id: null,
          notes: null,
          samples: emptySamples(),
          segmentStarts: [],
          laps: [],
          seconds: 0,
          metres: 0,
          calories: 0,
        };
      else if (tag === "Lap" && parent === "Activity" && activity)
        lap = {
          start: Date.parse(attributes.StartTime ?? ""),
          tracks: 0,
          newSegment: false,
          seconds: null,
          metres: null,
          calories: null,
        };
      else if (tag === "Track" && parent === "Lap" && lap) {
        lap.tracks++;
        lap.newSegment = lap.tracks > 1 && activity!.samples.t.length > 0;
      } else if (tag === "Trackpoint" && parent === "Track" && lap) point = {};
    },
    close(tag, parent, text) {
      if (point) {
        if (tag === "Trackpoint") {
          if (addPoint(activity!.samples, point) && lap!.newSegment) {
            activity!.segmentStarts.push(activity!.samples.t.length - 1);
            lap!.newSegment = false;
          }
          point = null;
        } else {
          const field = POINT_FIELDS[`${parent}/${tag}`];
          if (field) point[field] = text;
        }
      } else if (lap) {
        if (tag === "Lap") {
          endLap(activity!, lap);
          lap = null;
        } else if (parent === "Lap") {
          if (tag === "TotalTimeSeconds") lap.seconds = num(text);
          else if (tag === "DistanceMeters") lap.metres = num(text);
          else if (tag === "Calories") lap.calories = num(text);
        }
      } else if (activity) {
        if (tag === "Activity") {
          activities.push(toActivity(activity));
          activity = null;
        } else if (parent === "Activity") {
          if (tag === "Id") activity.id = text;
          else if (tag === "Notes") activity.notes = text;
        }
      }
    },
  });
  if (activities.length === 0) throw new ActivityFileError("The TCX file has no activity.");
  return activities;
}

/** Adds a timed point; false (nothing added) for one without a readable time. */
function addPoint(samples: Activity["samples"], p: Point): boolean {
  const t = p.time === undefined ? NaN : Date.parse(p.time);
  if (Number.isNaN(t)) return false;
  samples.t.push(t);
  samples.lat.push(num(p.lat));
  samples.lon.push(num(p.lon));
  samples.alt.push(num(p.alt));
  samples.speed.push(num(p.speed));
  samples.hr.push(num(p.hr));
  samples.cad.push(num(p.cad) ?? num(p.runCad));
  samples.power.push(num(p.power));
  samples.dist.push(num(p.dist));
  return true;
}

function endLap(activity: ActivityState, lap: LapState) {
  const seconds = lap.seconds ?? 0;
  if (!Number.isNaN(lap.start))
    activity.laps.push({ start: lap.start, end: lap.start + seconds * 1000 });
  activity.seconds += seconds;
  activity.metres += lap.metres ?? 0;
  activity.calories += lap.calories ?? 0;
}

function toActivity(a: ActivityState): Activity {
  const { samples, seconds } = a;
  const start = a.laps[0]?.start ?? samples.t[0] ?? (a.id ? Date.parse(a.id) : NaN);
  if (Number.isNaN(start)) throw new ActivityFileError("The TCX activity has no start time.");
  return {
    activityId: a.id ? `tcx:${a.id}` : null,
    sport: sportName(a.sport),
    name: a.notes,
    start: new Date(start),
    end: seconds
      ? new Date(start + seconds * 1000)
      : samples.t.length
        ? new Date(samples.t.at(-1)!)
        : null,
    durationSeconds: seconds || null,
    distanceMeters: a.metres || null,
    calories: a.calories || null,
    samples,
    segmentStarts: a.segmentStarts,
    laps: a.laps,
  };
}
