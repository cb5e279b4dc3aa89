import { useEffect, useRef } from "preact/hooks";
import type uPlot from "uplot";

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
  xIsDate?: boolean;
};

/** A uPlot line chart, loaded only by the screens that draw one. */
export function LineChart(props: ChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const height = props.height ?? 180;
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
        legend: { show: props.series.length > 1 },
        scales: { x: { time: true } },
        axes: [
          { stroke: ink, grid: { stroke: "rgba(128,128,128,0.2)" } },
          { stroke: ink, grid: { stroke: "rgba(128,128,128,0.2)" }, size: 50 },
        ],
        series: [
          {},
          ...props.series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            spanGaps: true,
          })),
        ],
        cursor: props.syncKey ? { sync: { key: props.syncKey } } : {},
        hooks: {
          setCursor: [(u: uPlot) => props.onHover?.(u.cursor.idx ?? null)],
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
      style={{ minHeight: `${height + 40}px` }}
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
