import type { AppDeps } from "../http/context.ts";
import { sendMail } from "../lib/mailer.ts";
import { claimDelivery, finishDelivery, pruneDeliveries } from "./deliveries.ts";
import { dueReminders, reminderSettings, type DueReminder, type ReminderSettings } from "./due.ts";
import type { Channel } from "./kinds.ts";
import { pushToDevices } from "./push-devices.ts";

export type ReminderDeps = Pick<AppDeps, "config" | "db" | "logger">;

/**
 * Sends every reminder due at `now` on each channel the person turned it on for, once:
 * any number of servers may run this at once on one database. Returns how many this call
 * sent (a reminder to several browsers counts once).
 */
export async function runDueReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  const recipients = await deps.db.withAnonymous(
    (tx) => tx<{ id: string }[]>`select id from app_reminder_recipients() as id`,
  );
  let sent = 0;
  for (const { id } of recipients) {
    try {
      sent += await remindPerson(deps, id, now);
    } catch (error) {
      deps.logger.error("reminders failed", { userId: id, error: (error as Error).message });
    }
  }
  return sent;
}

async function remindPerson(deps: ReminderDeps, userId: string, now: Date): Promise<number> {
  const { db } = deps;
  // Always as the person themselves (actor = user): a family member's context never sends.
  const plan = await db.withUser(userId, async (tx) => {
    const settings = await reminderSettings(tx, userId);
    if (!settings || settings.disabled) return null;
    const [devices] = await tx<{ n: number }[]>`
      select count(*)::int as n from push_subscriptions where user_id = ${userId}`;
    const reminders = await dueReminders(tx, userId, settings, now);
    return { settings, reminders, push: devices!.n > 0 };
  });
  if (!plan) return 0;
  let sent = 0;
  for (const reminder of plan.reminders) {
    for (const channel of channelsFor(deps, plan.settings, plan.push, reminder)) {
      const id = await claimDelivery(db, userId, reminder, channel);
      if (!id) continue;
      const error = await deliver(deps, userId, plan.settings, reminder, channel);
      await finishDelivery(db, userId, id, error);
      if (error === undefined) sent++;
      else deps.logger.warn("reminder not sent", { userId, kind: reminder.kind, channel, error });
    }
  }
  await pruneDeliveries(db, userId);
  return sent;
}

function channelsFor(
  deps: ReminderDeps,
  settings: ReminderSettings,
  push: boolean,
  reminder: DueReminder,
): Channel[] {
  const channels: Channel[] = [];
  if (push && settings.reminder_push_kinds.includes(reminder.kind)) channels.push("push");
  const email = deps.config.email && settings.reminder_email;
  if (email && settings.reminder_email_kinds.includes(reminder.kind)) channels.push("email");
  return channels;
}

/** Sends on one channel; the error's message when it could not be sent. */
async function deliver(
  deps: ReminderDeps,
  userId: string,
  settings: ReminderSettings,
  reminder: DueReminder,
  channel: Channel,
): Promise<string | undefined> {
  const { title, body, url, kind, subject } = reminder;
  try {
    if (channel === "push") {
      const tag = `${kind}-${subject}-${reminder.dueAt.getTime()}`;
      const report = await pushToDevices(deps, userId, { title, body, url, tag });
      return report.failed > 0 && report.sent === 0 ? report.error : undefined;
    }
    const link = deps.config.publicUrl ? `\n\n${deps.config.publicUrl}${url}` : "";
    await sendMail(deps.config.email!, { to: settings.email, subject: title, text: body + link });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Looks for due reminders every `pollSeconds`; stop() waits for a round in progress. */
export function startReminderScheduler(deps: ReminderDeps): { stop(): Promise<void> } {
  const { enabled, pollSeconds } = deps.config.reminders;
  if (!enabled) return { stop: async () => {} };
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return; // the last round is still sending
    running = runDueReminders(deps)
      .catch((error: Error) => deps.logger.error("reminders failed", { error: error.message }))
      .finally(() => (running = null));
  };
  tick();
  const timer = setInterval(tick, pollSeconds * 1000);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
