import { number } from "../lib/units.ts";
import { t } from "../i18n/i18n.ts";

/** A progress ring: the share of a goal reached, with the figures written beside it. */
export function Ring(props: {
  label: string;
  value: number;
  goal: number | null;
  unit: string;
  color: string;
  size?: number;
}) {
  const size = props.size ?? 96;
  const radius = size / 2 - 8;
  const circumference = 2 * Math.PI * radius;
  const share = props.goal ? Math.min(props.value / props.goal, 1) : 0;
  const over = props.goal != null && props.value > props.goal;
  // A figure keeps its unit on its line (no "150" above a lone "g" on a phone).
  const text = props.goal
    ? t("ring.ofGoal", {
        value: number(props.value, 0),
        goal: number(props.goal, 0),
        unit: props.unit,
      })
    : `${number(props.value, 0)}\u00a0${props.unit}`;
  return (
    <figure class={`ring${over ? " over" : ""}`}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <circle class="ring-track" cx={size / 2} cy={size / 2} r={radius} />
        {share > 0 && (
          <circle
            class="ring-fill"
            cx={size / 2}
            cy={size / 2}
            r={radius}
            stroke={props.color}
            stroke-dasharray={`${share * circumference} ${circumference}`}
            transform={`rotate(-90 ${size / 2} ${size / 2})`}
          />
        )}
        <text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle">
          {props.goal ? `${Math.round((props.value / props.goal) * 100)}%` : "–"}
        </text>
      </svg>
      <figcaption>
        <strong>{props.label}</strong>
        <span>{text}</span>
      </figcaption>
    </figure>
  );
}
