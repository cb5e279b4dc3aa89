import type { Database } from "../db.ts";
import type { Channel } from "./kinds.ts";
import type { DueReminder } from "./due.ts";

// Longer than one send may take (the push service and SMTP each time out well before); a
// server that dies mid-send leaves a claim another may take over once this has passed.
const LEASE_SECONDS = 120;
// A failed send is tried again after its lease, this many times in all.
const MAX_ATTEMPTS = 3;

/**
 * Claims the reminder on the channel for this process: the row's unique key lets exactly one
 * of any number of servers insert it; one claimed before, not sent and with its lease run out,
 * is taken over. Returns the claim's id, or null when it is sent or another server holds it.
 * Committed at once, so every other server sees the claim before anything is sent.
 */
export async function claimDelivery(
  db: Database,
  userId: string,
  reminder: DueReminder,
  channel: Channel,
): Promise<string | null> {
  const [row] = await db.withUser(
    userId,
    (tx) => tx<{ id: string }[]>`
      insert into reminder_deliveries (user_id, kind, subject, due_at, channel, lease_until)
      values (${userId}, ${reminder.kind}, ${reminder.subject}, ${reminder.dueAt}, ${channel},
              now() + make_interval(secs => ${LEASE_SECONDS}))
      on conflict (user_id, kind, subject, due_at, channel) do update
         set lease_until = excluded.lease_until,
             attempts = reminder_deliveries.attempts + 1
       where reminder_deliveries.sent_at is null
         and reminder_deliveries.lease_until < now()
         and reminder_deliveries.attempts < ${MAX_ATTEMPTS}
      returning id::text`,
  );
  return row?.id ?? null;
}

/** Records the claim's outcome: sent, or the error (tried again once its lease runs out). */
export async function finishDelivery(db: Database, userId: string, id: string, error?: string) {
  await db.withUser(userId, (tx) =>
    error === undefined
      ? tx`update reminder_deliveries set sent_at = now(), lease_until = null, error = null
            where id = ${id}::bigint`
      : tx`update reminder_deliveries set error = ${error} where id = ${id}::bigint`,
  );
}

/** Forgets deliveries of reminders due over a month ago: none of them can fall due again. */
export async function pruneDeliveries(db: Database, userId: string) {
  await db.withUser(
    userId,
    (tx) => tx`
      delete from reminder_deliveries
       where user_id = ${userId} and due_at < now() - interval '31 days'`,
  );
}
