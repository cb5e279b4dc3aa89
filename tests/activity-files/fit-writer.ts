import { Encoder, Profile, type Encodable, type Mesg } from "@garmin/fitsdk";

/** FIT activity files the tests write with the SDK's encoder, message by message. */

const M = Profile.MesgNum as unknown as Record<string, number>;
const SEMICIRCLES = 2 ** 31 / 180;

export type FitMessage = { mesg: string } & Record<string, unknown>;

/** A FIT file of a file id (serial `serial`) and the messages in order. */
export function writeFit(messages: FitMessage[], serial = 5150): Uint8Array {
  const encoder = new Encoder();
  const first = messages.find((m) => m.timestamp instanceof Date)?.timestamp as Date;
  const all: FitMessage[] = [
    {
      mesg: "FILE_ID",
      type: "activity",
      manufacturer: "development",
      product: 1,
      timeCreated: first,
      serialNumber: serial,
    },
    ...messages,
  ];
  for (const { mesg, ...fields } of all)
    encoder.writeMesg({ mesgNum: M[mesg], ...fields } as unknown as Encodable<Mesg>);
  return encoder.close();
}

export const at = (iso: string, seconds = 0) => new Date(Date.parse(iso) + seconds * 1000);

/** `count` records a second apart from `start`, with `fields(i)` and, if `gps`, positions. */
export function records(
  start: Date,
  count: number,
  fields: (i: number) => Record<string, unknown>,
  gps = true,
): FitMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    mesg: "RECORD",
    timestamp: new Date(start.getTime() + i * 1000),
    ...(gps
      ? {
          positionLat: Math.round((45 + i * 0.00003) * SEMICIRCLES),
          positionLong: Math.round(7 * SEMICIRCLES),
        }
      : {}),
    ...fields(i),
  }));
}

/** A session message from `start` lasting `seconds` (elapsed and timer). */
export function session(start: Date, seconds: number, fields: Record<string, unknown>): FitMessage {
  return {
    mesg: "SESSION",
    timestamp: new Date(start.getTime() + seconds * 1000),
    startTime: start,
    totalElapsedTime: seconds,
    totalTimerTime: seconds,
    ...fields,
  };
}

/** A lap message from `start` lasting `seconds`, ending at `end` when given. */
export function lap(start: Date, seconds: number, end?: Date): FitMessage {
  return {
    mesg: "LAP",
    timestamp: end ?? new Date(start.getTime() + seconds * 1000),
    startTime: start,
    totalElapsedTime: seconds,
    totalTimerTime: seconds,
  };
}
