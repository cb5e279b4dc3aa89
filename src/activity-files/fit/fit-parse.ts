import { UPLOAD_LIMITS } from "../../lib/upload-limits.ts";
import {
  ActivityFileError,
  emptySamples,
  num,
  type Activity,
  type ActivitySession,
  type Samples,
} from "../activity.ts";
import { expandCompressedTimestamps, hasCompressedTimestamps } from "./compressed-timestamps.ts";
import { heartRateFromHrMesgs } from "./fit-heart-rate.ts";
import { fitTime, span, type Mesg } from "./fit-messages.ts";
import { activityTotals, lapFigures, multisportName, readSessions } from "./fit-sessions.ts";
import { countsStrides } from "./fit-sports.ts";

const SEMICIRCLE_DEGREES = 180 / 2 ** 31;
// Records this long before the first session or after the last still belong to the activity;
// farther ones are a clock's outliers (a Magellan's records 28 days off).
const SESSION_MARGIN_MS = 5 * 60_000;

type Sdk = typeof import("@garmin/fitsdk");
type Window = { start: number; end: number };
type Raw = Samples & {
  fraction: (number | null)[];
  /** The last packed distance (1/16 m, 12 bits) and the metres counted so far. */
  packedDistance: { last: number; metres: number } | null;
};

/**
 * Reads a FIT activity with the official SDK. Records go straight from the SDK's message
 * callback into column arrays, never kept as message objects of ours. Component expansion
 * and date conversion are off: they cost most of the decoding time and speed, altitude and
 * times are read from the base fields here (a second pass expands the components of pool
 * swims' `hr` messages only; old Forerunners' packed speed and distance are unpacked here).
 * Compressed-timestamp headers, which the SDK refuses, are written out first. The SDK (its
 * profile is some 13 MB in memory) is loaded on first use, like every library of a rarely
 * used feature (README, "Memory").
 */
export async function parseFit(bytes: Uint8Array): Promise<Activity> {
  const sdk = await import("@garmin/fitsdk");
  const probe = new sdk.Decoder(sdk.Stream.fromByteArray(bytes));
  if (!probe.isFIT()) throw new ActivityFileError("Not a FIT file.");
  if (!probe.checkIntegrity())
    throw new ActivityFileError("The FIT file is damaged or truncated (integrity check failed).");
  const data = hasCompressedTimestamps(bytes) ? expandCompressedTimestamps(bytes) : bytes;
  const raw: Raw = { ...emptySamples(), fraction: [], packedDistance: null };
  const messages = decode(sdk, data, false, (m) => addRecord(raw, m));
  const sessionMesgs = (messages.sessionMesgs ?? []) as Mesg[];
  const sessions = readSessions(
    sessionMesgs,
    (messages.lengthMesgs ?? []) as Mesg[],
    (messages.setMesgs ?? []) as Mesg[],
  );
  const strideWindows = sessionMesgs
    .filter((m) => countsStrides(m.sport))
    .map(span)
    .filter((w): w is Window => w !== null);
  const samples = withinSessions(raw, sessions, strideWindows);
  if (samples.t.length === 0 && sessions.length === 0)
    throw new ActivityFileError("The FIT file holds no activity (no records or session).");
  const fileId = (messages.fileIdMesgs?.[0] ?? {}) as Mesg;
  const created = fitTime(fileId.timeCreated);
  const start = sessions[0]?.start ?? samples.t[0]!;
  const totals = activityTotals(sessions);
  const elapsed = totals.elapsed_time_seconds ?? null;
  return {
    activityId:
      fileId.serialNumber !== undefined && created !== null
        ? `fit:${fileId.serialNumber}:${created}`
        : null,
    sport: sessions.length > 1 ? multisportName(sessions) : (sessions[0]?.sport ?? "Workout"),
    name: null,
    start: new Date(start),
    end:
      elapsed !== null
        ? new Date(start + elapsed * 1000)
        : samples.t.length
          ? new Date(samples.t.at(-1)!)
          : null,
    durationSeconds: sumOf(sessions.map((s) => s.timerSeconds)) ?? elapsed ?? null,
    distanceMeters: sumOf(sessions.map((s) => s.distanceMeters)),
    calories: sumOf(sessions.map((s) => s.calories)),
    samples,
    laps: deviceLaps((messages.lapMesgs ?? []) as Mesg[], sessionMesgs),
    deviceTotals: totals,
    sessions,
    heartRate: separateHeartRate(sdk, data, messages, samples, sessions),
    sets: ((messages.setMesgs ?? []) as Mesg[])
      .filter((s) => s.setType !== "rest")
      .map((s, i) => ({
        set_number: i + 1,
        duration: num(s.duration),
        reps: num(s.repetitions),
        weight: num(s.weight),
      })),
  };
}

function decode(
  sdk: Sdk,
  data: Uint8Array,
  expandComponents: boolean,
  onRecord?: (m: Mesg) => void,
) {
  const decoder = new sdk.Decoder(sdk.Stream.fromByteArray(data));
  // The SDK keeps every message it reads: a few bytes of FIT can repeat one record millions
  // of times, so the count stops it (an error thrown here ends the read, into `errors`).
  const tooMany = new ActivityFileError(
    `The FIT file has more than ${UPLOAD_LIMITS.fitMessages} messages.`,
  );
  let count = 0;
  const { messages, errors } = decoder.read({
    expandComponents,
    expandSubFields: false,
    mergeHeartRates: false,
    convertDateTimesToDates: false,
    mesgListener: (mesgNum, m) => {
      if (++count > UPLOAD_LIMITS.fitMessages) throw tooMany;
      if (onRecord && mesgNum === sdk.Profile.MesgNum.RECORD) onRecord(m as unknown as Mesg);
    },
  });
  if (errors[0] === tooMany) throw tooMany;
  if (errors.length) throw new ActivityFileError(`The FIT file could not be read: ${errors[0]}`);
  return messages as Record<string, unknown[] | undefined>;
}

/**
 * Heart rate kept in `hr` messages (pool swims), when the records carry none: their event
 * times are components, so those files are decoded a second time with components expanded.
 */
function separateHeartRate(
  sdk: Sdk,
  data: Uint8Array,
  messages: Record<string, unknown[] | undefined>,
  samples: Samples,
  sessions: ActivitySession[],
) {
  if (!messages.hrMesgs?.length || samples.hr.some((v) => v !== null)) return undefined;
  const expanded = decode(sdk, data, true);
  const hr = heartRateFromHrMesgs((expanded.hrMesgs ?? []) as Mesg[]);
  const window = sessionsWindow(sessions);
  const keep = hr.t.map((t) => t >= window.start && t <= window.end);
  return { t: hr.t.filter((_, i) => keep[i]), bpm: hr.bpm.filter((_, i) => keep[i]) };
}

/** The times a record may have: the sessions' with a margin, or any without sessions. */
function sessionsWindow(sessions: ActivitySession[]): Window {
  if (sessions.length === 0) return { start: -Infinity, end: Infinity };
  return {
    start: Math.min(...sessions.map((s) => s.start)) - SESSION_MARGIN_MS,
    end: Math.max(...sessions.map((s) => s.end)) + SESSION_MARGIN_MS,
  };
}

/**
 * The records within the sessions' time (outliers dropped), cadence in steps per minute
 * during foot sports (FIT counts strides, with a fractional part).
 */
function withinSessions(raw: Raw, sessions: ActivitySession[], strideWindows: Window[]): Samples {
  const out = emptySamples();
  const window = sessionsWindow(sessions);
  for (let i = 0; i < raw.t.length; i++) {
    const t = raw.t[i]!;
    if (t < window.start || t > window.end) continue;
    const cad = raw.cad[i]!;
    const strides = strideWindows.some((s) => t >= s.start && t <= s.end);
    out.t.push(t);
    out.lat.push(raw.lat[i]!);
    out.lon.push(raw.lon[i]!);
    out.alt.push(raw.alt[i]!);
    out.speed.push(raw.speed[i]!);
    out.hr.push(raw.hr[i]!);
    out.cad.push(cad === null || !strides ? cad : (cad + (raw.fraction[i] ?? 0)) * 2);
    out.power.push(raw.power[i]!);
    out.dist.push(raw.dist[i]!);
  }
  return out;
}

/**
 * Every lap the device recorded, with its figures; a lap without a sport of its own takes
 * its session's (which decides whether its cadence counts strides).
 */
function deviceLaps(lapMesgs: Mesg[], sessionMesgs: Mesg[]): Activity["laps"] {
  const sessionWindows = sessionMesgs.map((m) => ({ sport: m.sport, window: span(m) }));
  const laps: Activity["laps"] = [];
  for (const m of lapMesgs) {
    const window = span(m);
    if (window === null) continue;
    const session = sessionWindows.find(
      (s) => s.window && window.start >= s.window.start && window.start <= s.window.end,
    );
    laps.push({ ...window, figures: lapFigures(m, session?.sport) });
  }
  return laps;
}

function sumOf(values: (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? present.reduce((a, b) => a + b, 0) : null;
}

function addRecord(s: Raw, m: Mesg) {
  const t = fitTime(m.timestamp);
  if (t === null) return;
  const lat = num(m.positionLat);
  const lon = num(m.positionLong);
  s.t.push(t);
  s.lat.push(lat === null ? null : lat * SEMICIRCLE_DEGREES);
  s.lon.push(lon === null ? null : lon * SEMICIRCLE_DEGREES);
  s.alt.push(num(m.enhancedAltitude) ?? num(m.altitude));
  s.hr.push(num(m.heartRate));
  s.cad.push(num(m.cadence));
  s.fraction.push(num(m.fractionalCadence));
  s.power.push(num(m.power));
  const packed = m.compressedSpeedDistance;
  if (Array.isArray(packed) && packed.length === 3) {
    s.speed.push((packed[0] | ((packed[1] & 0x0f) << 8)) / 100);
    s.dist.push(unpackDistance(s, (packed[1] >> 4) | (packed[2] << 4)));
  } else {
    s.speed.push(num(m.enhancedSpeed) ?? num(m.speed));
    s.dist.push(num(m.distance));
  }
}

/**
 * Old Forerunners pack a record's speed and distance into three bytes
 * (`compressed_speed_distance`: 12 bits of speed in 1/100 m/s, then 12 bits of distance in
 * 1/16 m that count on from the last record's, rolling over at 4,096). The SDK unpacks them
 * only with component expansion, which is slow and, expanding on to `enhanced_speed`,
 * misreads some speeds (2.00 m/s as 20).
 */
function unpackDistance(s: Raw, sixteenths: number): number {
  const previous = s.packedDistance;
  const step = previous === null ? sixteenths : (sixteenths - previous.last) & 0xfff;
  s.packedDistance = { last: sixteenths, metres: (previous?.metres ?? 0) + step / 16 };
  return s.packedDistance.metres;
}
