import { useEffect, useRef } from "preact/hooks";
import { formatDay } from "../../lib/dates.ts";
import { locale, t } from "../../i18n/i18n.ts";
import { placeInWeek, weekdayName, weekdaysInOrder } from "../../lib/week-start.ts";

type Day = { date: string; workouts: number; duration_minutes: number; level: number };

const CELL = 12;
const TOP = 14; // the month labels' row
// Names in the user's language, as the other dates: the first, third and fifth day of the
// user's week beside the rows, each month's short name above its first week.
const weekdayLabels = () =>
  weekdaysInOrder().map((day, i) => (i % 2 === 0 && i < 6 ? weekdayName(day) : ""));
const month = new Intl.DateTimeFormat(locale.value, { month: "short" });
const monthName = (day: string) => month.format(new Date(`${day}T12:00:00`));

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
  // Columns start on the user's first day of the week, so the first day sits at its row.
  const offset = placeInWeek(new Date(`${days[0]!.date}T12:00:00`));
  const weeks = Math.ceil((days.length + offset) / 7);
  const active = days.filter((d) => d.workouts > 0).length;
  return (
    // Time runs left to right in every language, as in the other charts: the weekdays stay at
    // the start of the weeks they name, the newest week at the right.
    <div class="heatmap-frame" dir="ltr">
      <div class="heatmap-weekdays" aria-hidden="true">
        {weekdayLabels().map((name) => (
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
