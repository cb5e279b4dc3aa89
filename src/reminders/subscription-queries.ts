import type { Tx } from "../db.ts";

export type SubscriptionRow = {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: Date;
  last_sent_at: Date | null;
};

/** A person may subscribe this many browsers; one more is refused. */
export const MAX_SUBSCRIPTIONS = 20;

export function listSubscriptions(tx: Tx, userId: string) {
  return tx<SubscriptionRow[]>`
    select id, endpoint, p256dh, auth, user_agent, created_at, last_sent_at
      from push_subscriptions where user_id = ${userId} order by created_at`;
}

/** Adds the browser's subscription, or renews the keys of one with the same endpoint. */
export async function saveSubscription(
  tx: Tx,
  userId: string,
  s: { endpoint: string; p256dh: string; auth: string; userAgent: string | null },
) {
  const [row] = await tx<SubscriptionRow[]>`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
    values (${userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth}, ${s.userAgent})
    on conflict (user_id, endpoint) do update
       set p256dh = excluded.p256dh, auth = excluded.auth, user_agent = excluded.user_agent,
           updated_at = now()
    returning id, endpoint, p256dh, auth, user_agent, created_at, last_sent_at`;
  return row!;
}

export async function deleteSubscription(
  tx: Tx,
  userId: string,
  by: { id: string } | { endpoint: string },
) {
  const result =
    "id" in by
      ? await tx`delete from push_subscriptions where user_id = ${userId} and id = ${by.id}`
      : await tx`delete from push_subscriptions where user_id = ${userId} and endpoint = ${by.endpoint}`;
  return result.count > 0;
}

export async function markSent(tx: Tx, ids: string[]) {
  if (ids.length)
    await tx`update push_subscriptions set last_sent_at = now() where id = any(${ids}::uuid[])`;
}
