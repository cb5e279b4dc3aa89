import type { Tx } from "../db.ts";
import { goalsForDays } from "../goals/goals-for-days.ts";
import { dayInZone, instantInZone } from "../database/user-zone.ts";
import { dueDoses } from "../medications/service.ts";
import type { ReminderKind } from "./kinds.ts";
import { reminderLanguage, sayIn, type Say } from "./messages/say.ts";

/** One reminder due now: what it is about, when it fell due, and what it says. */
export type DueReminder = {
  kind: ReminderKind;
  /** Tells apart reminders of one kind due at one instant (a medication's schedule). */
  subject: string;
  dueAt: Date;
  title: string;
  body: string;
  /** The app page it opens, as a path from the server's root. */
  url: string;
};

export type ReminderSettings = {
  email: string;
  disabled: boolean;
  timezone: string;
  language: string;
  meal_reminder_time: string | null;
  weigh_in_reminder_time: string | null;
  water_reminder_time: string | null;
  reminder_email: boolean;
  reminder_push_kinds: ReminderKind[];
  reminder_email_kinds: ReminderKind[];
  quiet_hours_start: string | null;
  quiet_hours_end: string | null;
};

/** The person's settings, read as that person (their own rows, under RLS). */
export async function reminderSettings(tx: Tx, userId: string) {
  const [row] = await tx<ReminderSettings[]>`
    select u.email, u.disabled, p.timezone, s.language, s.meal_reminder_time, s.weigh_in_reminder_time,
           s.water_reminder_time, s.reminder_email, s.reminder_push_kinds,
           s.reminder_email_kinds, s.quiet_hours_start, s.quiet_hours_end
      from users u
      join user_profiles p on p.user_id = u.id
      join user_preferences s on s.user_id = u.id
     where u.id = ${userId}`;
  return row ?? null;
}

const localTime = (now: Date, zone: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(now);

/** Whether the wall-clock time `time` (HH:MM) lies in quiet hours, which may cross midnight. */
export function inQuietHours(time: string, start: string | null, end: string | null): boolean {
  if (!start || !end || start === end) return false;
  return start < end ? time >= start && time < end : time >= start || time < end;
}

/**
 * The reminders due for the person at `now`, in their language: those whose time has come
 * today (in their zone) and whose habit is not done yet. Nothing during quiet hours: a
 * reminder held back then is due when they end, if the habit is still not done that day.
 */
export async function dueReminders(
  tx: Tx,
  userId: string,
  settings: ReminderSettings,
  now: Date,
): Promise<DueReminder[]> {
  const zone = settings.timezone;
  const { quiet_hours_start: quietFrom, quiet_hours_end: quietTo } = settings;
  if (inQuietHours(localTime(now, zone), quietFrom, quietTo)) return [];
  const today = dayInZone(now, zone);
  const timeCame = (time: string | null) => {
    const at = time ? instantInZone(today, time, zone) : null;
    return at && at <= now ? at : null;
  };
  const say = await sayIn(reminderLanguage(settings.language));
  const due: DueReminder[] = [];
  const [done] = await tx<{ ate: boolean; weighed: boolean; water_ml: number }[]>`
    select exists (select 1 from food_entries where user_id = ${userId} and entry_date = ${today}) as ate,
           exists (select 1 from check_in_measurements
                    where user_id = ${userId} and entry_date = ${today} and weight is not null) as weighed,
           (select coalesce(sum(water_ml), 0) from water_entries
             where user_id = ${userId} and entry_date = ${today})::float8 as water_ml`;
  const meal = timeCame(settings.meal_reminder_time);
  if (meal && !done!.ate) {
    due.push({
      kind: "meal",
      subject: "",
      dueAt: meal,
      title: say("meal.title"),
      body: say("meal.body"),
      url: `/#/diary/${today}`,
    });
  }
  const weighIn = timeCame(settings.weigh_in_reminder_time);
  if (weighIn && !done!.weighed) {
    due.push({
      kind: "weigh_in",
      subject: "",
      dueAt: weighIn,
      title: say("weighIn.title"),
      body: say("weighIn.body"),
      url: `/#/check-ins/${today}`,
    });
  }
  const water = timeCame(settings.water_reminder_time);
  if (water) {
    const goal = (await goalsForDays(tx, userId, today, today)).get(today)?.water_goal_ml ?? 0;
    if (done!.water_ml < goal) {
      due.push({
        kind: "water",
        subject: "",
        dueAt: water,
        title: say("water.title"),
        body: say("water.body", { drunk: Math.round(done!.water_ml), goal: Math.round(goal) }),
        url: `/#/trackers/${today}`,
      });
    }
  }
  due.push(...(await dueDoseReminders(tx, userId, today, now, say)));
  due.push(...(await endedFastReminders(tx, userId, now, say)));
  return due;
}

// Doses with a time of day whose time came today and that are not logged (taken or skipped);
// a dose with no time is due "some time today": it reminds no one.
async function dueDoseReminders(tx: Tx, userId: string, today: string, now: Date, say: Say) {
  const doses = await dueDoses(tx, userId, today, now);
  return doses
    .filter((d) => d.status === "missed" && d.time_of_day)
    .map((d): DueReminder => {
      const amount =
        d.dose_amount == null ? null : say("medication.amount", { amount: Number(d.dose_amount) });
      const dose = [amount, d.dose_unit].filter((v) => v != null).join(" ");
      const time = d.time_of_day!.slice(0, 5);
      return {
        kind: "medication",
        subject: d.schedule_id,
        dueAt: d.scheduled_for,
        title: say("medication.title", { name: d.medication_name }),
        body: dose ? say("medication.body", { dose, time }) : say("medication.yourDose", { time }),
        url: "/#/health/medications",
      };
    });
}

// A fast still running past its target end: once, within a day of reaching it.
async function endedFastReminders(tx: Tx, userId: string, now: Date, say: Say) {
  const fasts = await tx<{ id: string; target_end_time: Date }[]>`
    select id, target_end_time from fasting_logs
     where user_id = ${userId} and status = 'ACTIVE'
       and target_end_time <= ${now} and target_end_time > ${now}::timestamptz - interval '1 day'`;
  return fasts.map((f): DueReminder => ({
    kind: "fast",
    subject: f.id,
    dueAt: f.target_end_time,
    title: say("fast.title"),
    body: say("fast.body"),
    url: "/#/trackers",
  }));
}
