import { flushOutbox, outboxNotice, pendingWrites } from "../api/outbox.ts";
import { t } from "../i18n/i18n.ts";

/** Entries made offline and waiting to be sent, then what sending them did. */
export function OutboxBar() {
  const pending = pendingWrites.value;
  if (pending.length > 0) {
    return (
      <div class="outbox-bar" role="status">
        <span>
          {t("outbox.pending", {
            count: pending.length,
            labels: pending.map((e) => e.label).join(", "),
          })}
        </span>
        <button type="button" class="link-button" onClick={() => void flushOutbox()}>
          {t("outbox.sendNow")}
        </button>
      </div>
    );
  }
  if (!outboxNotice.value) return null;
  return (
    <div class="outbox-bar" role="status">
      <span>{outboxNotice.value}</span>
      <button type="button" class="link-button" onClick={() => (outboxNotice.value = null)}>
        {t("outbox.dismiss")}
      </button>
    </div>
  );
}
