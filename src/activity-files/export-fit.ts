import type {
  ActivityMesg,
  Encodable,
  FileIdMesg,
  LapMesg,
  Mesg,
  RecordMesg,
  SessionMesg,
} from "@garmin/fitsdk";
import type { ExportedWorkout } from "./export-queries.ts";

const DEGREES_TO_SEMICIRCLES = 2 ** 31 / 180;
const FIT_SPORTS = new Set([
  "running",
  "cycling",
  "walking",
  "hiking",
  "swimming",
  "rowing",
  "training",
]);
type Written = "FILE_ID" | "RECORD" | "LAP" | "SESSION" | "ACTIVITY";

// FIT fields are optional: a field given as undefined is simply not written.
const orUndefined = (v: number | null | undefined) => (v === null ? undefined : v);

/**
 * A FIT activity file (file id, records, laps, session, activity) with the official encoder,
 * loaded on first use like every library of a rarely used feature (README, "Memory").
 */
export async function exportFit(w: ExportedWorkout): Promise<Uint8Array> {
  const { Encoder, Profile } = await import("@garmin/fitsdk");
  const M = Profile.MesgNum as unknown as Record<Written, number>;
  const start = w.start_time ?? w.base_time ?? new Date(0);
  const encoder = new Encoder();
  // Typed per message kind; the SDK's writeMesg takes only the base message type.
  const write = <T extends Mesg>(mesg: Encodable<T>) => encoder.writeMesg(mesg);
  write<FileIdMesg>({
    mesgNum: M.FILE_ID,
    type: "activity",
    manufacturer: "development",
    product: 0,
    timeCreated: start,
    // Stable per workout, so exporting twice gives files that import as the same activity.
    serialNumber: parseInt(w.id.replace(/-/g, "").slice(0, 8), 16),
  });
  const base = w.base_time?.getTime() ?? start.getTime();
  const offsets = w.t_offset_ms ?? [];
  for (let i = 0; i < offsets.length; i++) {
    write<RecordMesg>({
      mesgNum: M.RECORD,
      timestamp: new Date(base + offsets[i]!),
      positionLat: Math.round(w.lat![i]! * DEGREES_TO_SEMICIRCLES),
      positionLong: Math.round(w.lon![i]! * DEGREES_TO_SEMICIRCLES),
      altitude: orUndefined(w.alt?.[i]),
      speed: orUndefined(w.speed?.[i]),
      heartRate: orUndefined(w.hr?.[i]),
      cadence: orUndefined(w.cad?.[i]),
      power: orUndefined(w.power?.[i]),
      distance: orUndefined(w.dist?.[i]),
    });
  }
  const elapsed = w.duration_seconds ?? (offsets.length ? offsets.at(-1)! / 1000 : 0);
  const end = new Date(start.getTime() + elapsed * 1000);
  for (const lap of w.laps) {
    const lapStart = new Date(lap.start_time);
    const lapEnd = new Date(lap.end_time);
    const seconds = (lapEnd.getTime() - lapStart.getTime()) / 1000;
    write<LapMesg>({
      mesgNum: M.LAP,
      timestamp: lapEnd,
      startTime: lapStart,
      totalElapsedTime: seconds,
      totalTimerTime: seconds,
    });
  }
  const sport = (w.activity_type ?? w.name ?? "").toLowerCase();
  write<SessionMesg>({
    mesgNum: M.SESSION,
    timestamp: end,
    startTime: start,
    totalElapsedTime: elapsed,
    totalTimerTime: elapsed,
    totalDistance: w.distance === null ? undefined : w.distance * 1000,
    totalCalories: orUndefined(w.calories_burned === null ? null : Math.round(w.calories_burned)),
    sport: (FIT_SPORTS.has(sport) ? sport : "generic") as SessionMesg["sport"],
  });
  write<ActivityMesg>({
    mesgNum: M.ACTIVITY,
    timestamp: end,
    numSessions: 1,
    totalTimerTime: elapsed,
  });
  return encoder.close();
}
