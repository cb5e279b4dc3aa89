import type { LapFigure } from "../workouts/series.ts";
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
  /** The lap's own totals (TotalTimeSeconds is its timer time), named as a served lap's. */
  figures: NonNullable<Activity["laps"][number]["figures"]>;
};
type Point = Record<string, string>;

// A lap's totals by element and parent (Garmin's ActivityExtension LX for speed, cadence
// and power); heart-rate Values are the lap's only outside a Trackpoint.
const LAP_FIELDS: Record<string, LapFigure> = {
  "Lap/TotalTimeSeconds": "timer_time_seconds",
  "Lap/DistanceMeters": "distance_meters",
  "Lap/Calories": "calories",
  "AverageHeartRateBpm/Value": "avg_heart_rate",
  "MaximumHeartRateBpm/Value": "max_heart_rate",
  "Lap/MaximumSpeed": "max_speed_mps",
  "LX/AvgSpeed": "avg_speed_mps",
  "Lap/Cadence": "avg_cadence",
  "LX/AvgRunCadence": "avg_cadence",
  "LX/MaxBikeCadence": "max_cadence",
  "LX/MaxRunCadence": "max_cadence",
  "LX/AvgWatts": "avg_power_watts",
  "LX/MaxWatts": "max_power_watts",
};
// Faster is not a speed (Movescount writes a lap's MaximumSpeed in metres an hour).
const MAX_SPEED_MPS = 150;

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
          figures: {},
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
        } else {
          const figure = LAP_FIELDS[`${parent}/${tag}`];
          const value = num(text);
          if (figure && value !== null && value >= 0) lap.figures[figure] = value;
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

/**
 * Keeps a lap with its totals. Its window is its start plus its timer time (TCX has no
 * elapsed time); zero calories, as Movescount and others write, are none.
 */
function endLap(activity: ActivityState, lap: LapState) {
  const figures = lap.figures;
  if (figures.calories === 0) delete figures.calories;
  if ((figures.max_speed_mps ?? 0) > MAX_SPEED_MPS) delete figures.max_speed_mps;
  const seconds = figures.timer_time_seconds ?? 0;
  if (!Number.isNaN(lap.start))
    activity.laps.push({ start: lap.start, end: lap.start + seconds * 1000, figures });
  activity.seconds += seconds;
  activity.metres += figures.distance_meters ?? 0;
  activity.calories += figures.calories ?? 0;
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
