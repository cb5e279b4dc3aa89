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
import { fitSportOf } from "./sport-names.ts";

const DEGREES_TO_SEMICIRCLES = 2 ** 31 / 180;
type Written = "FILE_ID" | "RECORD" | "LAP" | "SESSION" | "ACTIVITY";

// FIT fields are optional: a field given as undefined is simply not written.
const orUndefined = (v: number | null | undefined) => (v === null ? undefined : v);

/**
 * A FIT activity file (file id, records, laps, session, activity) with the official encoder,
 * loaded on first use like every library of a rarely used feature (README, "Memory"). The
 * records are the GPS track's points, else (an indoor workout) its heart rate samples; the
 * session keeps elapsed and recording time apart and names the sport and sub-sport.
 */
export async function exportFit(
  w: ExportedWorkout,
  heartRate: { t: number[]; bpm: number[] },
): Promise<Uint8Array> {
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
  if (offsets.length === 0)
    heartRate.t.forEach((t, i) =>
      write<RecordMesg>({ mesgNum: M.RECORD, timestamp: new Date(t), heartRate: heartRate.bpm[i] }),
    );
  const span = offsets.reduce((max, o) => (o > max ? o : max), 0) / 1000;
  const elapsed = w.elapsed_time_seconds ?? w.duration_seconds ?? span;
  const timer = w.duration_seconds ?? elapsed;
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
      totalTimerTime: lap.timer_time_seconds ?? seconds,
      totalDistance: orUndefined(lap.distance_meters),
      totalCalories: orUndefined(lap.calories === null ? null : Math.round(lap.calories)),
      avgHeartRate: orUndefined(
        lap.avg_heart_rate === null ? null : Math.round(lap.avg_heart_rate),
      ),
      maxHeartRate: orUndefined(
        lap.max_heart_rate === null ? null : Math.round(lap.max_heart_rate),
      ),
    });
  }
  const { sport, subSport } = fitSportOf(
    w.activity_type ?? w.name,
    Object.values(Profile.types.sport as Record<number, string>),
  );
  write<SessionMesg>({
    mesgNum: M.SESSION,
    timestamp: end,
    startTime: start,
    totalElapsedTime: elapsed,
    totalTimerTime: timer,
    totalDistance: w.distance === null ? undefined : w.distance * 1000,
    totalCalories: orUndefined(w.calories_burned === null ? null : Math.round(w.calories_burned)),
    sport: sport as SessionMesg["sport"],
    subSport: subSport as SessionMesg["subSport"],
  });
  write<ActivityMesg>({
    mesgNum: M.ACTIVITY,
    timestamp: end,
    numSessions: 1,
    totalTimerTime: timer,
  });
  return encoder.close();
}
