import { UPLOAD_LIMITS } from "../lib/upload-limits.ts";
import { ActivityFileError, emptySamples, num, sportName, type Activity } from "./activity.ts";

const SEMICIRCLE_DEGREES = 180 / 2 ** 31;
// FIT times count seconds from 1989-12-31T00:00:00Z.
const FIT_EPOCH_MS = 631_065_600_000;

type Mesg = Record<string, unknown>;

/**
 * Reads a FIT activity with the official SDK. Records go straight from the SDK's message
 * callback into column arrays, never kept as message objects of ours. Component expansion
 * and date conversion are off: they cost most of the decoding time and speed, altitude and
 * times are read from the base fields here. The SDK (its profile is some 13 MB in memory) is
 * loaded on first use, like every library of a rarely used feature (README, "Memory").
 */
export async function parseFit(bytes: Uint8Array): Promise<Activity> {
  const { Decoder, Profile, Stream } = await import("@garmin/fitsdk");
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  if (!decoder.isFIT()) throw new ActivityFileError("Not a FIT file.");
  if (!decoder.checkIntegrity())
    throw new ActivityFileError("The FIT file is damaged or truncated (integrity check failed).");
  const samples = emptySamples();
  // The SDK keeps every message it reads: a few bytes of FIT can repeat one record millions
  // of times, so the count stops it (an error thrown here ends the read, into `errors`).
  const tooMany = new ActivityFileError(
    `The FIT file has more than ${UPLOAD_LIMITS.fitMessages} messages.`,
  );
  let count = 0;
  const { messages, errors } = decoder.read({
    expandComponents: false,
    expandSubFields: false,
    mergeHeartRates: false,
    convertDateTimesToDates: false,
    mesgListener: (mesgNum, m) => {
      if (++count > UPLOAD_LIMITS.fitMessages) throw tooMany;
      if (mesgNum === Profile.MesgNum.RECORD) addRecord(samples, m as unknown as Mesg);
    },
  });
  if (errors[0] === tooMany) throw tooMany;
  if (errors.length) throw new ActivityFileError(`The FIT file could not be read: ${errors[0]}`);
  const session = (messages.sessionMesgs?.[0] ?? {}) as Mesg;
  const fileId = (messages.fileIdMesgs?.[0] ?? {}) as Mesg;
  if (samples.t.length === 0 && session.startTime === undefined)
    throw new ActivityFileError("The FIT file holds no activity (no records or session).");
  const start = fitTime(session.startTime) ?? samples.t[0]!;
  const elapsed = num(session.totalElapsedTime);
  const laps = ((messages.lapMesgs ?? []) as Mesg[])
    .map((lap) => ({ start: fitTime(lap.startTime)!, end: fitTime(lap.timestamp)! }))
    .filter((lap) => lap.start !== null && lap.end !== null && lap.end >= lap.start);
  const created = fitTime(fileId.timeCreated);
  return {
    activityId:
      fileId.serialNumber !== undefined && created !== null
        ? `fit:${fileId.serialNumber}:${created}`
        : null,
    sport: sportName(session.sport as string | undefined),
    name: null,
    start: new Date(start),
    end:
      elapsed !== null
        ? new Date(start + elapsed * 1000)
        : samples.t.length
          ? new Date(samples.t.at(-1)!)
          : null,
    durationSeconds: num(session.totalTimerTime) ?? elapsed,
    distanceMeters: num(session.totalDistance),
    calories: num(session.totalCalories),
    samples,
    laps,
  };
}

function fitTime(value: unknown): number | null {
  const seconds = num(value);
  return seconds === null ? null : FIT_EPOCH_MS + seconds * 1000;
}

function addRecord(s: ReturnType<typeof emptySamples>, m: Mesg) {
  const t = fitTime(m.timestamp);
  if (t === null) return;
  const lat = num(m.positionLat);
  const lon = num(m.positionLong);
  s.t.push(t);
  s.lat.push(lat === null ? null : lat * SEMICIRCLE_DEGREES);
  s.lon.push(lon === null ? null : lon * SEMICIRCLE_DEGREES);
  s.alt.push(num(m.enhancedAltitude) ?? num(m.altitude));
  s.speed.push(num(m.enhancedSpeed) ?? num(m.speed));
  s.hr.push(num(m.heartRate));
  s.cad.push(num(m.cadence));
  s.power.push(num(m.power));
  s.dist.push(num(m.distance));
}
