import { useEffect, useRef } from "preact/hooks";
import type uPlot from "uplot";
import { formatDayMonth, toDay } from "../lib/dates.ts";
import { number } from "../lib/units.ts";
import { locale } from "../i18n/i18n.ts";

const DAY = 86_400;

/**
 * The span an axis shows for `values`: with a single value (uPlot's own choice for one point
 * is a span of years, and from zero) the day before to the day after it, or ±10 % around it.
 */
function spanOf(values: (number | null)[], lonePad: (value: number) => number): [number, number] {
  const present = values.filter((v): v is number => v != null);
  if (!present.length) return [0, 1];
  const min = Math.min(...present);
  const max = Math.max(...present);
  if (min === max) return [min - lonePad(min), max + lonePad(max)];
  return [min, max];
}

/** A value axis: the values' span with a tenth of it spare on each side. */
function valueSpan(values: (number | null)[]): [number, number] {
  const [min, max] = spanOf(values, (v) => Math.max(1, Math.abs(v) * 0.1));
  const spare = (max - min) * 0.1;
  return [min - spare, max + spare];
}

// Day charts tick at noon (where dayToSeconds puts a day) every 1, 2, 3, 7, ... days: as
// often as fits one label in 64 px, labelled in the user's date format.
const DAY_STEPS = [1, 2, 3, 7, 14, 28, 56, 91, 182, 364];

function daySplits(u: uPlot, _: number, min: number, max: number): number[] {
  const fit = Math.max(1, Math.floor((u.width - 70) / 64));
  const step = DAY_STEPS.find((n) => (max - min) / DAY / n <= fit) ?? 364;
  const tick = new Date(min * 1000);
  tick.setHours(12, 0, 0, 0);
  if (tick.getTime() / 1000 < min) tick.setDate(tick.getDate() + 1);
  const ticks: number[] = [];
  for (; tick.getTime() / 1000 <= max; tick.setDate(tick.getDate() + step))
    ticks.push(tick.getTime() / 1000);
  return ticks;
}

function dayLabels(_: uPlot, ticks: number[]): string[] {
  return ticks.map((t) => formatDayMonth(new Date(t * 1000)));
}

function timeLabels(_: uPlot, ticks: number[]): string[] {
  return ticks.map((t) =>
    new Date(t * 1000).toLocaleTimeString(locale.value, { hour: "2-digit", minute: "2-digit" }),
  );
}

// As many decimals as the step between ticks has: 7.75 and 7.8 are told apart, 78 and 78.5 too.
function valueLabels(_u: uPlot, ticks: number[], _a: number, _s: number, step: number): string[] {
  const decimals = (String(Number(step.toPrecision(6))).split(".")[1] ?? "").length;
  return ticks.map((t) => number(t, decimals));
}

export type ChartSeries = { label: string; values: (number | null)[]; color: string };

type ChartProps = {
  /** An accessible name: charts are images to screen readers, the numbers are in tables. */
  label: string;
  /** X values: Unix seconds. */
  x: number[];
  series: ChartSeries[];
  height?: number;
  /** Charts with the same key share one cursor (one time axis). */
  syncKey?: string;
  onHover?: (index: number | null) => void;
  /** X values are times within a day (a workout, today's heart rate), not days. */
  timeOfDay?: boolean;
  /** The values' unit, written along the value axis. */
  unit?: string;
};

/** A uPlot line chart, loaded only by the screens that draw one. */
export function LineChart(props: ChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const height = props.height ?? 180;
  // Several series have a legend (their names and colours) below the plot.
  const legend = props.series.length > 1;
  useEffect(() => {
    // Kept here: Preact clears the ref before this effect's cleanup runs.
    const element = host.current!;
    let plot: uPlot | undefined;
    let stopped = false;
    const observer = new ResizeObserver(() =>
      plot?.setSize({ width: element.clientWidth, height }),
    );
    import("uplot").then(({ default: UPlot }) => {
      if (stopped) return;
      // The canvas cannot follow CSS colours, so the theme's text colour is read once here.
      const ink = getComputedStyle(element).color;
      const options: uPlot.Options = {
        width: element.clientWidth,
        height,
        // Names only: uPlot's live values read "--" until a pointer hovers the plot.
        legend: { show: legend, live: false },
        scales: {
          x: { time: true, range: () => spanOf(props.x, () => DAY) },
          y: { range: () => valueSpan(props.series.flatMap((s) => s.values)) },
        },
        axes: [
          {
            stroke: ink,
            grid: { stroke: "rgba(128,128,128,0.2)" },
            ...(props.timeOfDay
              ? // Room for "06:00 AM" between ticks.
                { values: timeLabels, space: 80 }
              : { values: dayLabels, splits: daySplits }),
          },
          {
            stroke: ink,
            grid: { stroke: "rgba(128,128,128,0.2)" },
            values: valueLabels,
            // Three ticks or more on a short chart (uPlot's 30 px leaves one on Steps).
            space: height < 160 ? 20 : 30,
            // Wide enough for "10,000" steps in a large locale font.
            size: 64,
            ...(props.unit && { label: props.unit, labelSize: 18, labelGap: 0 }),
          },
        ],
        series: [
          {},
          ...props.series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            spanGaps: true,
            // Lone values have no line to draw: dots show them.
            points: { show: s.values.filter((v) => v != null).length < 3 ? true : undefined },
          })),
        ],
        cursor: props.syncKey ? { sync: { key: props.syncKey } } : {},
        hooks: {
          setCursor: [(u: uPlot) => props.onHover?.(u.cursor.idx ?? null)],
          // The days the x-axis spans, readable by tests and tools (the canvas is not).
          setScale: [
            (u: uPlot, key: string) => {
              if (key !== "x" || props.timeOfDay) return;
              const { min, max } = u.scales.x!;
              element.dataset.days = `${toDay(new Date(min! * 1000))}/${toDay(new Date(max! * 1000))}`;
            },
          ],
        },
      };
      plot = new UPlot(
        options,
        [props.x, ...props.series.map((s) => s.values)] as uPlot.AlignedData,
        element,
      );
      observer.observe(element);
    });
    return () => {
      stopped = true;
      observer.disconnect();
      plot?.destroy();
    };
  }, [props.x, props.series]);
  return (
    <div
      class="chart"
      role="img"
      aria-label={props.label}
      ref={host}
      style={{ minHeight: `${height + (legend ? 40 : 0)}px` }}
    />
  );
}

/** The trailing moving average over `window` points, skipping gaps. */
export function smooth(values: (number | null)[], window = 7): (number | null)[] {
  return values.map((_, i) => {
    const slice = values
      .slice(Math.max(0, i - window + 1), i + 1)
      .filter((v): v is number => v != null);
    return slice.length ? slice.reduce((a, b) => a + b, 0) / slice.length : null;
  });
}
