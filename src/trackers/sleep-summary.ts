/** Time asleep, efficiency and per-stage totals of a sleep session, from its stage events. */

export const SLEEP_STAGES = ["awake", "rem", "light", "deep", "in_bed", "unknown"] as const;
export type SleepStage = (typeof SLEEP_STAGES)[number];
export type StageEvent = { stage: string; start_time: string; end_time: string };

// "unknown" is asleep with no stage detail (Health Connect's plain "sleeping").
const ASLEEP: readonly string[] = ["rem", "light", "deep", "unknown"];

export type SleepFigures = {
  time_asleep_seconds: number;
  /** Time asleep as a percentage of time in bed (bedtime to wake time). */
  efficiency: number | null;
  stage_totals: Record<SleepStage, number>;
};

export function summarizeSleep(durationSeconds: number, events: StageEvent[]): SleepFigures {
  const totals = Object.fromEntries(SLEEP_STAGES.map((s) => [s, 0])) as Record<SleepStage, number>;
  for (const event of events) {
    const seconds = (Date.parse(event.end_time) - Date.parse(event.start_time)) / 1000;
    const stage = (SLEEP_STAGES as readonly string[]).includes(event.stage)
      ? (event.stage as SleepStage)
      : "unknown";
    if (seconds > 0) totals[stage] += seconds;
  }
  const staged = ASLEEP.some((s) => totals[s as SleepStage] > 0);
  // Without asleep stages, the whole session minus any awake time counts as sleep.
  const asleep = staged
    ? ASLEEP.reduce((sum, s) => sum + totals[s as SleepStage], 0)
    : Math.max(0, durationSeconds - totals.awake);
  const capped = Math.min(asleep, durationSeconds);
  return {
    time_asleep_seconds: Math.round(capped),
    efficiency: durationSeconds > 0 ? Math.round((capped / durationSeconds) * 1000) / 10 : null,
    stage_totals: totals,
  };
}
