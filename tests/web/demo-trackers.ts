/** The demo's trackers: nights (the last in stages), water, fasts, and today's mood and readings. */
import { dayBefore, postHealthData, postJson } from "./seed.ts";

const HOUR = 3_600_000;

/**
 * Cycles of light, deep, light and REM sleep from bedtime to waking, a moment awake after
 * each: deep sleep shortens and REM lengthens through the night, as it does.
 */
function stages(bedtime: string, wake: string) {
  const events = [];
  const end = Date.parse(wake);
  const at = (ms: number) => new Date(ms).toISOString();
  for (let t = Date.parse(bedtime), cycle = 0; t < end; cycle++) {
    const deep = Math.max(5, 45 - cycle * 10);
    for (const [stage, minutes] of [
      ["light", 20],
      ["deep", deep],
      ["light", 15 + cycle * 2],
      ["rem", 10 + cycle * 6],
      ["awake", cycle % 2 ? 4 : 2],
    ] as const) {
      const next = Math.min(end, t + minutes * 60_000);
      if (next > t) events.push({ stage_type: stage, start_time: at(t), end_time: at(next) });
      t = next;
    }
  }
  return events;
}

/**
 * A year of nights (the last in stages, as a watch sends them) and of water, a 16:8 fast
 * of 16 to 18 hours every other day of the last fortnight, and today's mood, blood pressure
 * and caffeine (a measurement of one's own).
 */
export async function seedTrackers(url: string, token: string, today: string, days: number) {
  const records: unknown[] = [];
  for (let n = days - 1; n >= 0; n--) {
    const date = dayBefore(today, n);
    const bedtime = `${dayBefore(today, n + 1)}T22:${String(20 + ((n * 7) % 40)).padStart(2, "0")}:00Z`;
    const wake = `${date}T06:${String(5 + ((n * 11) % 40)).padStart(2, "0")}:00Z`;
    records.push({
      type: "SleepSession",
      bedtime,
      wake_time: wake,
      ...(n === 0 && { stage_events: stages(bedtime, wake) }),
    });
    if (n > 0) records.push({ type: "water", value: 1500 + ((n * 37) % 1000), date });
  }
  records.push({ type: "water", value: 1750, date: today });
  await postHealthData(url, token, records);
  const call = (path: string, body: unknown) => postJson(url, token, path, body);
  for (let n = 13; n >= 1; n -= 2) {
    const end = Date.parse(`${dayBefore(today, n)}T12:00:00Z`) + (n % 3) * HOUR;
    const fast = await call("/api/fasting/start", {
      fasting_type: "16:8",
      start_time: new Date(Date.parse(`${dayBefore(today, n + 1)}T20:00:00Z`)).toISOString(),
    });
    await call("/api/fasting/end", { id: fast.id, end_time: new Date(end).toISOString() });
  }
  await call("/api/mood", {
    entry_date: today,
    mood_value: 8,
    tags: ["rested", "motivated"],
    notes: "Good run before work.",
  });
  const caffeine = await call("/api/measurements/custom-categories", {
    name: "Caffeine",
    unit: "mg",
    frequency: "Daily",
  });
  await call("/api/measurements/custom-entries", {
    category_id: caffeine.id,
    entry_date: today,
    value: 180,
  });
  await call("/api/vitals", {
    entry_date: today,
    systolic_mmhg: 118,
    diastolic_mmhg: 76,
    pulse_bpm: 58,
  });
}
