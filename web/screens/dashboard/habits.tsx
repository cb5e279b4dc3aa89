import { useState } from "preact/hooks";
import { Card, Notice } from "../../components/ui.tsx";
import { actingFor, preferences } from "../../lib/session.ts";
import { DASHBOARD_DAYS, type DashboardData } from "./dashboard-data.ts";
import { ReminderForm } from "./reminder-form.tsx";
import { isPast, streak } from "./streaks.ts";

// A streak as long as the days the dashboard reads may go back further.
function days(count: number): string {
  if (count >= DASHBOARD_DAYS) return `${DASHBOARD_DAYS} days or more`;
  return count === 1 ? "1 day" : `${count} days`;
}

/**
 * Streaks of the last 30 days (food logged, weighed in) and the reminders the person set,
 * shown once their time has passed and the day's habit is not done yet.
 */
export function Habits({ data, day }: { data: DashboardData; day: string }) {
  const [editing, setEditing] = useState(false);
  const fed = new Set(data.days.filter((d) => d.nutrition.totals.calories > 0).map((d) => d.date));
  const weighed = new Set(data.checkIns.filter((c) => c.weight != null).map((c) => c.entry_date));
  const prefs = preferences.value;
  const now = new Date();
  // Reminders are the signed-in person's own: not shown on a family member's Today.
  const own = !actingFor.value;
  const reminders = own
    ? [
        !fed.has(day) && isPast(prefs.meal_reminder_time, now) && (
          <Notice>
            It is past {prefs.meal_reminder_time}: <a href={`#/diary/${day}`}>log today's meals</a>.
          </Notice>
        ),
        !weighed.has(day) && isPast(prefs.weigh_in_reminder_time, now) && (
          <Notice>
            It is past {prefs.weigh_in_reminder_time}: <a href={`#/check-ins/${day}`}>weigh in</a>.
          </Notice>
        ),
      ]
    : [];
  return (
    <Card title="Habits">
      {reminders}
      <ul class="habits">
        <li>
          Food logged: <strong>{days(streak(fed, day))}</strong> in a row
        </li>
        <li>
          Weighed in: <strong>{days(streak(weighed, day))}</strong> in a row
        </li>
      </ul>
      {own && (
        <button
          type="button"
          class="link-button"
          aria-expanded={editing}
          onClick={() => setEditing(!editing)}
        >
          Reminders
        </button>
      )}
      {own && editing && <ReminderForm onDone={() => setEditing(false)} />}
    </Card>
  );
}
