import type { Workout } from "../../api/types.ts";
import { daysOfMonth, formatDay, today } from "../../lib/dates.ts";
import { t } from "../../i18n/i18n.ts";
import { placeInWeek, weekdayName, weekdaysInOrder } from "../../lib/week-start.ts";

/** A month grid whose weeks start on the user's first day of the week; days with workouts link to the first of them. */
export function MonthCalendar({ month, workouts }: { month: string; workouts: Workout[] }) {
  const days = daysOfMonth(month);
  const [y, m] = month.split("-").map(Number) as [number, number];
  const lead = placeInWeek(new Date(y, m - 1, 1));
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...days];
  // The last week is whole too, so its row's line runs under all seven days.
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, i) =>
    cells.slice(i * 7, i * 7 + 7),
  );
  return (
    <table class="calendar">
      <thead>
        <tr>
          {weekdaysInOrder().map((d) => (
            <th scope="col">{weekdayName(d)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr>
            {week.map((day) => {
              if (!day) return <td />;
              const those = workouts.filter((w) => w.entry_date === day);
              const n = Number(day.slice(8));
              return (
                <td class={day === today() ? "today" : undefined}>
                  {those.length ? (
                    <a href={`#/workouts/${those[0]!.id}`} class="has-workout">
                      {n}
                      <span class="visually-hidden">
                        {" "}
                        {formatDay(day)}: {t("workouts.count", { count: those.length })}
                      </span>
                    </a>
                  ) : (
                    <span>{n}</span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
