import { flushOutbox, outboxNotice, pendingWrites } from "../api/outbox.ts";

/** Entries made offline and waiting to be sent, then what sending them did. */
export function OutboxBar() {
  const pending = pendingWrites.value;
  if (pending.length > 0) {
    return (
      <div class="outbox-bar" role="status">
        <span>
          Pending: {pending.length} {pending.length === 1 ? "entry" : "entries"} made offline (
          {pending.map((e) => e.label).join(", ")}) {pending.length === 1 ? "waits" : "wait"} for
          the network.
        </span>
        <button type="button" class="link-button" onClick={() => void flushOutbox()}>
          Send now
        </button>
      </div>
    );
  }
  if (!outboxNotice.value) return null;
  return (
    <div class="outbox-bar" role="status">
      <span>{outboxNotice.value}</span>
      <button type="button" class="link-button" onClick={() => (outboxNotice.value = null)}>
        Dismiss
      </button>
    </div>
  );
}
