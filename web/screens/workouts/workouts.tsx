import { useState } from "preact/hooks";
import { get } from "../../api/client.ts";
import type { Units, Workout } from "../../api/types.ts";
import { Card, ErrorText, Page, Placeholder } from "../../components/ui.tsx";
import { daysOfMonth, formatDay, formatDuration, today } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { formatDistance, number } from "../../lib/units.ts";
import { useLoad } from "../../lib/use-load.ts";
import { MonthCalendar } from "./month-calendar.tsx";
import { locale, t } from "../../i18n/i18n.ts";

/** A day's item as the v2 by-date read answers it: a logged session, or a single workout. */
type DayItem =
  | { type: "preset"; id: string; name: string; exercises: Workout[] }
  | (Workout & { type: "individual" });

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
                const first = item.type === "preset" ? item.exercises[0]! : item;
                const title = item.type === "preset" ? item.name : first.title;
                return (
                  <li>
                    <a class="row-link" href={`#/workouts/${first.id}`}>
                      <strong>{title ?? first.exercise_name}</strong>
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

/**
 * The day and the workout's figures, a session's summed over its exercises; a session also
 * names its exercises (its minutes and kcal alone do not tell one session from another), a
 * single workout without figures its kind.
 */
function workoutLine(item: DayItem, u: Units): string {
  const entries = item.type === "preset" ? item.exercises : [item];
  const total = (of: (w: Workout) => number | null) =>
    entries.reduce((sum, w) => sum + (of(w) ?? 0), 0);
  const parts = [formatDay(entries[0]!.entry_date, "short")];
  const seconds = total((w) => w.duration_seconds);
  const km = total((w) => w.distance);
  const kcal = total((w) => w.calories_burned);
  if (seconds) parts.push(formatDuration(seconds));
  if (km) parts.push(formatDistance(km * 1000, u));
  if (kcal) parts.push(t("diary.kcal", { kcal: number(kcal, 0) }));
  if (item.type === "preset") parts.push(entries.map((e) => e.exercise_name).join(" + "));
  else if (parts.length === 1) parts.push(item.activity_type ?? t("workouts.strength"));
  return parts.join(" · ");
}
