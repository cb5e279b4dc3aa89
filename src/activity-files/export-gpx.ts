import type { ExportedWorkout } from "./export-queries.ts";

export const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const xmlTag = (name: string, value: number | null | undefined) =>
  value === null || value === undefined ? "" : `<${name}>${value}</${name}>`;

/** The [from, to) point indexes of each segment of the workout's track. */
export function segmentBounds(w: ExportedWorkout): [number, number][] {
  const starts = [0, ...(w.segment_starts ?? []), w.t_offset_ms!.length];
  return starts.slice(1).map((to, s) => [starts[s]!, to]);
}

/**
 * GPX 1.1 as Strava writes it: Garmin's TrackPointExtension (hr, cad, speed) and power per
 * point, one trkseg per segment (a pause between them). The workout's distance and calories
 * and each point's distance go in cluetrust's gpxdata extension, which sports readers (and
 * this importer) read.
 */
export function exportGpx(w: ExportedWorkout): string {
  const base = w.base_time!.getTime();
  const point = (i: number) => {
    const ext =
      xmlTag("gpxtpx:hr", w.hr?.[i]) +
      xmlTag("gpxtpx:cad", w.cad?.[i]) +
      xmlTag("gpxtpx:speed", w.speed?.[i]);
    const extensions =
      (ext ? `<gpxtpx:TrackPointExtension>${ext}</gpxtpx:TrackPointExtension>` : "") +
      xmlTag("power", w.power?.[i]) +
      xmlTag("gpxdata:distance", w.dist?.[i]);
    return `<trkpt lat="${w.lat![i]}" lon="${w.lon![i]}">${xmlTag("ele", w.alt?.[i])}<time>${new Date(base + w.t_offset_ms![i]!).toISOString()}</time>${extensions && `<extensions>${extensions}</extensions>`}</trkpt>`;
  };
  const segments = segmentBounds(w).map(([from, to]) => {
    const points = Array.from({ length: to - from }, (_, k) => point(from + k));
    return `<trkseg>\n${points.join("\n")}\n</trkseg>`;
  });
  const name = w.title ?? w.name ?? "Workout";
  const start = w.start_time ?? w.base_time!;
  const summary =
    `<gpxdata:lap><gpxdata:startTime>${start.toISOString()}</gpxdata:startTime>` +
    xmlTag("gpxdata:elapsedTime", w.elapsed_time_seconds ?? w.duration_seconds) +
    xmlTag("gpxdata:calories", w.calories_burned === null ? null : Math.round(w.calories_burned)) +
    xmlTag("gpxdata:distance", w.distance === null ? null : w.distance * 1000) +
    `</gpxdata:lap>`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<gpx version="1.1" creator="fitness" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" xmlns:gpxdata="http://www.cluetrust.com/XML/GPXDATA/1/0">`,
    `<metadata><time>${start.toISOString()}</time></metadata>`,
    `<trk><name>${escapeXml(name)}</name><type>${escapeXml((w.activity_type ?? w.name ?? "workout").toLowerCase())}</type>`,
    segments.join("\n"),
    `</trk>`,
    `<extensions>${summary}</extensions>`,
    `</gpx>`,
  ].join("\n");
}
