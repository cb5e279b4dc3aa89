import postgres from "postgres";

/** Stops listening. */
export type StopListening = () => Promise<void>;
/**
 * Runs `onNotice` for every NOTIFY on `channel` that any process sends, and whenever a
 * notice may have been missed (listening started again after a lost connection).
 */
export type Listen = (channel: string, onNotice: () => void) => Promise<StopListening>;

const RETRY_MS = 1_000;

/**
 * LISTEN on a connection of its own, opened again whenever it drops (postgres.js's own
 * listen() gives a channel up when its reconnection fails, during a database restart).
 * Resolves once the first LISTEN succeeded or failed; retries in the background after.
 */
export function listenOnServer(owner: postgres.Sql): Listen {
  return async (channel, onNotice) => {
    let stopped = false;
    let current: postgres.Sql | undefined;
    let dropped = () => {};
    let firstAttempt!: () => void;
    const attempted = new Promise<void>((resolve) => (firstAttempt = resolve));
    const run = async () => {
      while (!stopped) {
        const closed = new Promise<void>((resolve) => (dropped = resolve));
        const sql = (current = postgres({
          // The parsed options open the same database again, as postgres.js's listen() does.
          ...(owner.options as unknown as postgres.Options<{}>),
          max: 1,
          idle_timeout: 0,
          max_lifetime: null,
          fetch_types: false,
          onclose: () => dropped(),
          // An option postgres.js reads (it receives NotificationResponse) but does not type.
          ...({ onnotify: (name: string) => name === channel && onNotice() } as object),
        }));
        try {
          await sql`listen ${sql(channel)}`;
          onNotice();
          firstAttempt();
          await closed;
        } catch {
          firstAttempt();
        }
        await sql.end({ timeout: 0 }).catch(() => {});
        if (stopped) break;
        onNotice();
        await Bun.sleep(RETRY_MS);
      }
    };
    void run();
    await attempted;
    return async () => {
      stopped = true;
      dropped();
      await current?.end({ timeout: 0 }).catch(() => {});
    };
  };
}
