import type { Database } from "../db.ts";
import type { Config } from "../config.ts";
import { sendPush, type PushMessage } from "./push-send.ts";
import { deleteSubscription, listSubscriptions, markSent } from "./subscription-queries.ts";

export type PushReport = {
  sent: number;
  /** Subscriptions the push service no longer knows (404/410): removed. */
  dropped: number;
  failed: number;
  /** The first failure's message, when one failed. */
  error?: string;
};

/**
 * Sends `message` to every browser the person subscribed, as that person (RLS): the ones the
 * push service answers 404 or 410 for are dropped, as the browser unsubscribed.
 */
export async function pushToDevices(
  deps: { db: Database; config: Pick<Config, "push" | "testFetchAllowHost"> },
  userId: string,
  message: PushMessage,
): Promise<PushReport> {
  const { db, config } = deps;
  const devices = await db.withUser(userId, (tx) => listSubscriptions(tx, userId));
  const outcomes = await Promise.allSettled(
    devices.map((d) =>
      sendPush(config, { endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } }, message),
    ),
  );
  const sent = devices.filter((_, i) => valueOf(outcomes[i]!) === "sent").map((d) => d.id);
  const gone = devices.filter((_, i) => valueOf(outcomes[i]!) === "gone").map((d) => d.id);
  const failures = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as Error] : []));
  await db.withUser(userId, async (tx) => {
    for (const id of gone) await deleteSubscription(tx, userId, { id });
    await markSent(tx, sent);
  });
  return {
    sent: sent.length,
    dropped: gone.length,
    failed: failures.length,
    ...(failures.length ? { error: failures[0]!.message } : {}),
  };
}

const valueOf = <T>(outcome: PromiseSettledResult<T>) =>
  outcome.status === "fulfilled" ? outcome.value : undefined;
