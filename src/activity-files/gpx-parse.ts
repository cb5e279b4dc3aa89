import { ActivityFileError, emptySamples, num, sportName, type Activity } from "./activity.ts";
import { parseXml } from "./xml.ts";

/** A GPX track (all its segments) as one activity; heart rate etc. from TrackPointExtension. */
export function parseGpx(text: string): Activity {
  const doc = parseXml(text, ["trk", "trkseg", "trkpt"]).gpx;
  if (!doc) throw new ActivityFileError("Not a GPX file (no gpx element).");
  const tracks: any[] = doc.trk ?? [];
  const samples = emptySamples();
  for (const trk of tracks)
    for (const seg of trk.trkseg ?? [])
      for (const pt of seg.trkpt ?? []) {
        const t = Date.parse(pt.time);
        if (Number.isNaN(t)) continue;
        const ext = pt.extensions?.TrackPointExtension ?? pt.extensions ?? {};
        samples.t.push(t);
        samples.lat.push(num(pt.lat));
        samples.lon.push(num(pt.lon));
        samples.alt.push(num(pt.ele));
        samples.speed.push(num(ext.speed));
        samples.hr.push(num(ext.hr));
        samples.cad.push(num(ext.cad));
        samples.power.push(num(ext.power) ?? num(pt.extensions?.power));
        samples.dist.push(null);
      }
  if (samples.t.length === 0)
    throw new ActivityFileError("The GPX file has no timed track points.");
  const first = tracks[0] ?? {};
  return {
    activityId: null,
    sport: sportName(typeof first.type === "string" ? first.type : null),
    name: typeof first.name === "string" ? first.name : null,
    start: new Date(samples.t[0]!),
    end: new Date(samples.t.at(-1)!),
    durationSeconds: null,
    distanceMeters: null,
    calories: null,
    samples,
    laps: [],
  };
}
