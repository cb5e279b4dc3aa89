import { useState } from "preact/hooks";
import { get } from "../../api/client.ts";
import { Card, ErrorText, Page, Placeholder } from "../../components/ui.tsx";
import { daysOfMonth, today } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { useLoad } from "../../lib/use-load.ts";
import { MonthCalendar } from "./month-calendar.tsx";
import { type DayItem, workoutLine, workoutTitle } from "./workout-line.ts";
import { locale, t } from "../../i18n/i18n.ts";

/** The items of a month (the API lists them per day, so the month's days are asked together). */
async function loadMonth(month: string): Promise<DayItem[]> {
  const days = daysOfMonth(month).filter((d) => d <= today());
  const lists = await Promise.all(
    days.map((d) => get<DayItem[]>(`/api/v2/exercise-entries/by-date?selectedDate=${d}`)),
  );
  return lists.flat();
}

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const date = new Date(y, m - 1 + by, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
}

export function Workouts() {
  const [month, setMonth] = useState(today().slice(0, 7));
  const { data, error } = useLoad(() => loadMonth(month), [month]);
  const label = new Date(`${month}-15T12:00:00`).toLocaleDateString(locale.value, {
    month: "long",
    year: "numeric",
  });
  const u = units.value;
  return (
    <Page
      title={t("workouts.title")}
      actions={
        <div class="month-switch">
          <button
            type="button"
            onClick={() => setMonth(shiftMonth(month, -1))}
            aria-label={t("workouts.previousMonth")}
          >
            ‹
          </button>
          <span aria-live="polite">{label}</span>
          <button
            type="button"
            onClick={() => setMonth(shiftMonth(month, 1))}
            disabled={month >= today().slice(0, 7)}
            aria-label={t("workouts.nextMonth")}
          >
            ›
          </button>
        </div>
      }
    >
      <ErrorText error={error} />
      <div class="grid two top">
        <Card title={t("workouts.calendar")}>
          {data ? (
            <MonthCalendar
              month={month}
              workouts={data.flatMap((item) => (item.type === "preset" ? item.exercises : [item]))}
            />
          ) : (
            <Placeholder height={280} />
          )}
        </Card>
        <Card title={t("workouts.list")}>
          {!data ? (
            <Placeholder height={280} />
          ) : data.length ? (
            <ul class="list">
              {[...data].reverse().map((item) => {
                const { first, title } = workoutTitle(item);
                return (
                  <li>
                    <a class="row-link" href={`#/workouts/${first.id}`}>
                      <strong>{title}</strong>
                      <span>{workoutLine(item, u)}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p>{t("workouts.noneIn", { month: label })}</p>
          )}
        </Card>
      </div>
    </Page>
  );
}
