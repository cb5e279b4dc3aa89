import { t, type MessageKey } from "../../i18n/i18n.ts";

export type StageEvent = { stage: string; start_time: string; end_time: string };

const ROWS = ["awake", "rem", "light", "deep"] as const;
const stageName = (stage: (typeof ROWS)[number]) => t(`trackers.stage_${stage}` as MessageKey);
const COLORS: Record<string, string> = {
  awake: "#f59e0b",
  rem: "#8b5cf6",
  light: "#38bdf8",
  deep: "#1d4ed8",
};

/** The night as a hypnogram: one row per stage, a bar wherever the sleeper was in it. */
export function SleepStages(props: { bedtime: string; wake: string; events: StageEvent[] }) {
  const start = Date.parse(props.bedtime);
  const span = Date.parse(props.wake) - start || 1;
  const x = (iso: string) => ((Date.parse(iso) - start) / span) * 100;
  const summary = ROWS.map((stage) => {
    const minutes = props.events
      .filter((e) => e.stage === stage)
      .reduce((sum, e) => sum + (Date.parse(e.end_time) - Date.parse(e.start_time)) / 60000, 0);
    return t("trackers.stageMinutes", { stage: stageName(stage), minutes: Math.round(minutes) });
  }).join(", ");
  return (
    <svg
      class="stages"
      viewBox="0 0 100 40"
      preserveAspectRatio="none"
      role="img"
      aria-label={t("trackers.stages", { summary })}
    >
      {ROWS.map((stage, row) =>
        props.events
          .filter((e) => e.stage === stage)
          .map((e) => (
            <rect
              x={x(e.start_time)}
              y={row * 10 + 1}
              width={Math.max(x(e.end_time) - x(e.start_time), 0.2)}
              height={8}
              fill={COLORS[stage]}
            />
          )),
      )}
    </svg>
  );
}

export function StageLegend() {
  return (
    <ul class="legend">
      {ROWS.map((stage) => (
        <li>
          <span class="swatch" style={{ background: COLORS[stage] }} aria-hidden="true" />
          {stageName(stage)}
        </li>
      ))}
    </ul>
  );
}
