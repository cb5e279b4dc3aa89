import { num } from "../activity.ts";
import { fitTime, type Mesg } from "./fit-messages.ts";

// event_timestamp counts 1/1024 s in 32 bits (22 bits of whole seconds), then rolls over.
const ROLLOVER = 0x400000;

/**
 * Heart rate from FIT `hr` messages, which Garmin writes apart from the records during pool
 * swims: an anchor message ties a device event time to a timestamp and the following
 * messages carry beats at event times after it (components expanded). Sorted, one sample per
 * millisecond; samples before any anchor are skipped.
 */
export function heartRateFromHrMesgs(hrMesgs: Mesg[]): { t: number[]; bpm: number[] } {
  const t: number[] = [];
  const bpm: number[] = [];
  let anchorMs: number | null = null;
  let anchorEvent = 0;
  for (const m of hrMesgs) {
    const events = asArray(m.eventTimestamp);
    const beats = asArray(m.filteredBpm);
    const stamp = fitTime(m.timestamp);
    if (stamp !== null && events.length === 1) {
      anchorMs = stamp + Math.round((num(m.fractionalTimestamp) ?? 0) * 1000);
      anchorEvent = events[0]!;
    }
    if (anchorMs === null) continue;
    for (let i = 0; i < Math.min(events.length, beats.length); i++) {
      let event = events[i]!;
      if (event < anchorEvent && anchorEvent - event > ROLLOVER / 2) event += ROLLOVER;
      const at = anchorMs + Math.round((event - anchorEvent) * 1000);
      if (beats[i]! <= 0 || beats[i]! >= 255 || (t.length && at <= t.at(-1)!)) continue;
      t.push(at);
      bpm.push(beats[i]!);
    }
  }
  return { t, bpm };
}

function asArray(value: unknown): number[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.map((v) => num(v)).filter((v): v is number => v !== null);
}
