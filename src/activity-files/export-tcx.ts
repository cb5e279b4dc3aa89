import type { ExportedWorkout } from "./export-queries.ts";
import { escapeXml, segmentBounds, xmlTag } from "./export-gpx.ts";

// The only sports TCX names.
const TCX_SPORTS: Record<string, string> = { Running: "Running", Cycling: "Biking" };

type Lap = {
  start: number;
  end: number;
  /** The device's timer time and calories, when a device recorded the lap. */
  seconds: number | null;
  calories: number | null;
  metres: number | null;
  avgHr: number | null;
  maxHr: number | null;
};

/**
 * TCX with the workout's laps (one lap of the whole workout when it has none), each with its
 * time, distance, calories (else a share of the workout's) and heart rate, and its points as Trackpoints; a
 * pause between segments starts a new Track, as devices write it. Without a GPS track the
 * heart rate samples are the Trackpoints.
 */
export function exportTcx(w: ExportedWorkout, heartRate: { t: number[]; bpm: number[] }): string {
  const start = (w.start_time ?? w.base_time ?? new Date(0)).getTime();
  const seconds = w.duration_seconds ?? w.elapsed_time_seconds ?? 0;
  const laps: Lap[] = w.laps.length
    ? w.laps.map((l) => ({
        start: Date.parse(l.start_time),
        end: Date.parse(l.end_time),
        seconds: l.timer_time_seconds,
        calories: l.calories,
        metres: l.distance_meters,
        avgHr: l.avg_heart_rate,
        maxHr: l.max_heart_rate,
      }))
    : [
        {
          start,
          end: start + seconds * 1000,
          seconds: null,
          calories: null,
          metres: w.distance === null ? null : w.distance * 1000,
          avgHr: null,
          maxHr: null,
        },
      ];
  // Lap distances measured between the laps' boundary points leave out the steps across a
  // boundary, a device's may round: the last lap takes the difference, so the laps add up
  // to the workout's distance (which a TCX reader takes as their sum).
  const last = laps.at(-1)!;
  if (w.distance !== null && laps.length > 1)
    last.metres =
      w.distance * 1000 - laps.slice(0, -1).reduce((sum, l) => sum + (l.metres ?? 0), 0);
  const lapSeconds = laps.reduce((sum, l) => sum + (l.end - l.start) / 1000, 0);
  const points = trackpoints(w, heartRate);
  const lapOf = (t: number) => {
    const i = laps.findIndex((l) => t < l.end);
    return i < 0 ? laps.length - 1 : i;
  };
  // Each lap's Tracks: a new one at the lap's first point and after each pause.
  const byLap = laps.map(() => [] as string[][]);
  let lastLap = -1;
  for (const p of points) {
    const lap = lapOf(p.t);
    const tracks = byLap[lap]!;
    if (lap !== lastLap || p.afterPause) tracks.push([]);
    tracks.at(-1)!.push(p.xml);
    lastLap = lap;
  }
  const sport = TCX_SPORTS[w.activity_type ?? ""] ?? "Other";
  const body = laps
    .map((lap, i) => {
      const share = lapSeconds ? (lap.end - lap.start) / 1000 / lapSeconds : 0;
      const calories = Math.round(lap.calories ?? (w.calories_burned ?? 0) * share);
      const hr = (name: string, v: number | null) =>
        v === null ? "" : `<${name}><Value>${Math.round(v)}</Value></${name}>`;
      const tracks = byLap[i]!.map((t) => `<Track>\n${t.join("\n")}\n</Track>`).join("");
      return `<Lap StartTime="${new Date(lap.start).toISOString()}">${xmlTag("TotalTimeSeconds", lap.seconds ?? (lap.end - lap.start) / 1000)}${xmlTag("DistanceMeters", lap.metres ?? 0)}${xmlTag("Calories", calories)}${hr("AverageHeartRateBpm", lap.avgHr)}${hr("MaximumHeartRateBpm", lap.maxHr)}<Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>${tracks}</Lap>`;
    })
    .join("\n");
  const notes = w.title ? `<Notes>${escapeXml(w.title)}</Notes>` : "";
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">`,
    `<Activities><Activity Sport="${sport}"><Id>${new Date(start).toISOString()}</Id>`,
    body,
    `${notes}</Activity></Activities></TrainingCenterDatabase>`,
  ].join("\n");
}

/** The Trackpoints: the GPS track's (each segment's first marked), else the heart rate. */
function trackpoints(w: ExportedWorkout, heartRate: { t: number[]; bpm: number[] }) {
  const point = (t: number, inner: string, afterPause: boolean) => ({
    t,
    afterPause,
    xml: `<Trackpoint><Time>${new Date(t).toISOString()}</Time>${inner}</Trackpoint>`,
  });
  if (!w.t_offset_ms?.length)
    return heartRate.t.map((t, i) => point(t, hrTag(heartRate.bpm[i]), false));
  const base = w.base_time!.getTime();
  return segmentBounds(w).flatMap(([from, to]) =>
    w.t_offset_ms!.slice(from, to).map((offset, k) => {
      const i = from + k;
      const extension =
        w.speed?.[i] != null || w.power?.[i] != null
          ? `<Extensions><ns3:TPX>${xmlTag("ns3:Speed", w.speed?.[i])}${xmlTag("ns3:Watts", w.power?.[i])}</ns3:TPX></Extensions>`
          : "";
      const inner =
        `<Position><LatitudeDegrees>${w.lat![i]}</LatitudeDegrees><LongitudeDegrees>${w.lon![i]}</LongitudeDegrees></Position>` +
        xmlTag("AltitudeMeters", w.alt?.[i]) +
        xmlTag("DistanceMeters", w.dist?.[i]) +
        hrTag(w.hr?.[i]) +
        xmlTag("Cadence", w.cad?.[i] == null ? null : Math.round(w.cad[i]!)) +
        extension;
      return point(base + offset, inner, k === 0 && from > 0);
    }),
  );
}

const hrTag = (bpm: number | null | undefined) =>
  bpm == null ? "" : `<HeartRateBpm><Value>${Math.round(bpm)}</Value></HeartRateBpm>`;
