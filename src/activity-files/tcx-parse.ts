import { ActivityFileError, emptySamples, num, sportName, type Activity } from "./activity.ts";
import { parseXml } from "./xml.ts";

/** Each TCX Activity with its laps and trackpoints. */
export function parseTcx(text: string): Activity[] {
  const doc = parseXml(text, ["Activity", "Lap", "Track", "Trackpoint"]).TrainingCenterDatabase;
  if (!doc) throw new ActivityFileError("Not a TCX file (no TrainingCenterDatabase element).");
  const activities: any[] = doc.Activities?.Activity ?? [];
  if (activities.length === 0) throw new ActivityFileError("The TCX file has no activity.");
  return activities.map(readActivity);
}

function readActivity(activity: any): Activity {
  const samples = emptySamples();
  const laps: Activity["laps"] = [];
  let seconds = 0;
  let metres = 0;
  let calories = 0;
  for (const lap of activity.Lap ?? []) {
    const start = Date.parse(lap.StartTime);
    const lapSeconds = num(lap.TotalTimeSeconds) ?? 0;
    if (!Number.isNaN(start)) laps.push({ start, end: start + lapSeconds * 1000 });
    seconds += lapSeconds;
    metres += num(lap.DistanceMeters) ?? 0;
    calories += num(lap.Calories) ?? 0;
    for (const track of lap.Track ?? [])
      for (const tp of track.Trackpoint ?? []) {
        const t = Date.parse(tp.Time);
        if (Number.isNaN(t)) continue;
        const tpx = tp.Extensions?.TPX ?? {};
        samples.t.push(t);
        samples.lat.push(num(tp.Position?.LatitudeDegrees));
        samples.lon.push(num(tp.Position?.LongitudeDegrees));
        samples.alt.push(num(tp.AltitudeMeters));
        samples.speed.push(num(tpx.Speed));
        samples.hr.push(num(tp.HeartRateBpm?.Value));
        samples.cad.push(num(tp.Cadence) ?? num(tpx.RunCadence));
        samples.power.push(num(tpx.Watts));
        samples.dist.push(num(tp.DistanceMeters));
      }
  }
  const id = typeof activity.Id === "string" ? activity.Id : null;
  const start = laps[0]?.start ?? samples.t[0] ?? (id ? Date.parse(id) : NaN);
  if (Number.isNaN(start)) throw new ActivityFileError("The TCX activity has no start time.");
  return {
    activityId: id ? `tcx:${id}` : null,
    sport: sportName(activity.Sport),
    name: typeof activity.Notes === "string" ? activity.Notes : null,
    start: new Date(start),
    end: seconds
      ? new Date(start + seconds * 1000)
      : samples.t.length
        ? new Date(samples.t.at(-1)!)
        : null,
    durationSeconds: seconds || null,
    distanceMeters: metres || null,
    calories: calories || null,
    samples,
    laps,
  };
}
