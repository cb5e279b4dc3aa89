import { useState } from "preact/hooks";
import { Card, Notice } from "../../components/ui.tsx";
import { actingFor, preferences } from "../../lib/session.ts";
import { DASHBOARD_DAYS, type DashboardData } from "./dashboard-data.ts";
import { ReminderForm } from "./reminder-form.tsx";
import { isPast, streak } from "./streaks.ts";
import { t, tr } from "../../i18n/i18n.ts";

// A streak as long as the days the dashboard reads may go back further.
function days(count: number): string {
  if (count >= DASHBOARD_DAYS) return t("today.streakLong", { count: DASHBOARD_DAYS });
  return t("common.days", { count });
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
            {tr("today.mealReminder", {
              time: prefs.meal_reminder_time!,
              link: <a href={`#/diary/${day}`}>{t("today.logMeals")}</a>,
            })}
          </Notice>
        ),
        !weighed.has(day) && isPast(prefs.weigh_in_reminder_time, now) && (
          <Notice>
            {tr("today.weighInReminder", {
              time: prefs.weigh_in_reminder_time!,
              link: <a href={`#/check-ins/${day}`}>{t("today.weighIn")}</a>,
            })}
          </Notice>
        ),
      ]
    : [];
  return (
    <Card title={t("today.habits")}>
      {reminders}
      <ul class="habits">
        <li>{tr("today.foodStreak", { days: <strong>{days(streak(fed, day))}</strong> })}</li>
        <li>{tr("today.weighStreak", { days: <strong>{days(streak(weighed, day))}</strong> })}</li>
      </ul>
      {own && (
        <button
          type="button"
          class="link-button"
          aria-expanded={editing}
          onClick={() => setEditing(!editing)}
        >
          {t("today.reminders")}
        </button>
      )}
      {own && editing && <ReminderForm onDone={() => setEditing(false)} />}
    </Card>
  );
}
