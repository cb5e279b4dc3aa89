import { useEffect, useRef } from "preact/hooks";
import { formatDay } from "../../lib/dates.ts";
import { locale, t } from "../../i18n/i18n.ts";

type Day = { date: string; workouts: number; duration_minutes: number; level: number };

const CELL = 12;
const TOP = 14; // the month labels' row
// Names in the user's language, as the other dates: Monday, Wednesday and Friday beside
// the rows (2024-01-01 was a Monday), each month's short name above its first week.
const weekdays = () => {
  const weekday = new Intl.DateTimeFormat(locale.value, { weekday: "short" });
  return Array.from({ length: 7 }, (_, i) =>
    i % 2 === 0 && i < 6 ? weekday.format(new Date(2024, 0, 1 + i)) : "",
  );
};
const monthName = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString(locale.value, { month: "short" });

/** A month's name that starts left of the scrolled view is hidden rather than shown cut. */
function hideCutMonths(scroller: HTMLElement) {
  for (const label of scroller.querySelectorAll<SVGTextElement>(".heatmap-month"))
    label.style.visibility = Number(label.getAttribute("x")) < scroller.scrollLeft ? "hidden" : "";
}

/**
 * A year of training at a glance: one square per day, a column per week, darker for longer;
 * months above, weekdays beside, a legend below. It opens on the latest weeks.
 */
export function ActivityHeatmap({ days }: { days: Day[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    element.scrollLeft = element.scrollWidth;
    hideCutMonths(element);
    const onScroll = () => hideCutMonths(element);
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => element.removeEventListener("scroll", onScroll);
  }, [days]);
  if (!days.length) return <p class="hint">{t("reports.noDays")}</p>;
  // Columns start on Monday, so the first day sits at its weekday's row.
  const offset = (new Date(`${days[0]!.date}T12:00:00`).getDay() + 6) % 7;
  const weeks = Math.ceil((days.length + offset) / 7);
  const active = days.filter((d) => d.workouts > 0).length;
  return (
    // Time runs left to right in every language, as in the other charts: the weekdays stay at
    // the start of the weeks they name, the newest week at the right.
    <div class="heatmap-frame" dir="ltr">
      <div class="heatmap-weekdays" aria-hidden="true">
        {weekdays().map((name) => (
          <span>{name}</span>
        ))}
      </div>
      {/* Focusable so a keyboard can scroll a year that is wider than a phone. */}
      <div
        class="heatmap-scroll"
        ref={scroller}
        tabIndex={0}
        role="group"
        aria-label={t("reports.heatmap")}
      >
        <svg
          class="heatmap"
          width={weeks * CELL}
          height={TOP + 7 * CELL}
          role="img"
          aria-label={t("reports.heatmapSummary", { active, count: days.length })}
        >
          {days.map((day, i) => {
            const slot = i + offset;
            const x = Math.floor(slot / 7) * CELL;
            // A month's name above the week of its first day.
            const label = day.date.endsWith("-01") && (
              <text x={x} y={10} class="heatmap-month">
                {monthName(day.date)}
              </text>
            );
            return (
              <>
                {label}
                <rect
                  x={x}
                  y={TOP + (slot % 7) * CELL}
                  width={CELL - 2}
                  height={CELL - 2}
                  rx={2}
                  class={`level-${day.level}`}
                >
                  <title>
                    {t("reports.heatmapDay", {
                      day: formatDay(day.date, "short"),
                      workouts: day.workouts,
                      minutes: day.duration_minutes,
                    })}
                  </title>
                </rect>
              </>
            );
          })}
        </svg>
      </div>
      <p class="heatmap-legend hint">
        {t("reports.less")}{" "}
        <svg width={5 * CELL} height={CELL} aria-hidden="true" class="heatmap">
          {[0, 1, 2, 3, 4].map((level) => (
            <rect
              x={level * CELL}
              width={CELL - 2}
              height={CELL - 2}
              rx={2}
              class={`level-${level}`}
            />
          ))}
        </svg>{" "}
        {t("reports.more")}
      </p>
    </div>
  );
}
