import { formatDay } from "../../lib/dates.ts";

type Day = { date: string; workouts: number; duration_minutes: number; level: number };

const CELL = 12;

/** A year of training at a glance: one square per day, a column per week, darker for longer. */
export function ActivityHeatmap({ days }: { days: Day[] }) {
  if (!days.length) return <p class="hint">No days in this range.</p>;
  // Columns start on Monday, so the first day sits at its weekday's row.
  const offset = (new Date(`${days[0]!.date}T12:00:00`).getDay() + 6) % 7;
  const weeks = Math.ceil((days.length + offset) / 7);
  const active = days.filter((d) => d.workouts > 0).length;
  return (
    // Focusable so a keyboard can scroll a year that is wider than a phone.
    <div class="heatmap-scroll" tabIndex={0} role="group" aria-label="Activity heatmap">
      <svg
        class="heatmap"
        width={weeks * CELL}
        height={7 * CELL}
        role="img"
        aria-label={`Activity: ${active} of ${days.length} days with a workout`}
      >
        {days.map((day, i) => {
          const slot = i + offset;
          return (
            <rect
              x={Math.floor(slot / 7) * CELL}
              y={(slot % 7) * CELL}
              width={CELL - 2}
              height={CELL - 2}
              rx={2}
              class={`level-${day.level}`}
            >
              <title>
                {formatDay(day.date, "short")}: {day.workouts} workouts, {day.duration_minutes} min
              </title>
            </rect>
          );
        })}
      </svg>
    </div>
  );
}
