import type { ExportedWorkout } from "./export-queries.ts";

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const tag = (name: string, value: number | null | undefined) =>
  value === null || value === undefined ? "" : `<${name}>${value}</${name}>`;

/** GPX 1.1 with Garmin's TrackPointExtension (hr, cad, speed) and power, as Strava writes it. */
export function exportGpx(w: ExportedWorkout): string {
  const base = w.base_time!.getTime();
  const points: string[] = [];
  for (let i = 0; i < w.t_offset_ms!.length; i++) {
    const ext =
      tag("gpxtpx:hr", w.hr?.[i]) +
      tag("gpxtpx:cad", w.cad?.[i]) +
      tag("gpxtpx:speed", w.speed?.[i]);
    const extensions =
      ext || w.power?.[i] != null
        ? `<extensions>${ext ? `<gpxtpx:TrackPointExtension>${ext}</gpxtpx:TrackPointExtension>` : ""}${tag("power", w.power?.[i])}</extensions>`
        : "";
    points.push(
      `<trkpt lat="${w.lat![i]}" lon="${w.lon![i]}">${tag("ele", w.alt?.[i])}<time>${new Date(base + w.t_offset_ms![i]!).toISOString()}</time>${extensions}</trkpt>`,
    );
  }
  const name = w.title ?? w.name ?? "Workout";
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<gpx version="1.1" creator="fitness" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">`,
    `<metadata><time>${new Date(base).toISOString()}</time></metadata>`,
    `<trk><name>${escape(name)}</name><type>${escape((w.activity_type ?? w.name ?? "workout").toLowerCase())}</type><trkseg>`,
    points.join("\n"),
    `</trkseg></trk></gpx>`,
  ].join("\n");
}
