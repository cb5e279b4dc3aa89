import { useState } from "preact/hooks";
import { errorMessage } from "../api/client.ts";
import { QueuedOffline } from "../api/outbox.ts";

/**
 * A screen's changes: `run` awaits one, then says `done` and calls `afterSuccess` (a reload),
 * or shows why it failed; a change kept offline is a notice, not an error.
 */
export function useAction(afterSuccess: () => void) {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = (work: Promise<unknown>, done: string) =>
    work.then(
      () => {
        setError(null);
        setNotice(done);
        afterSuccess();
      },
      (e) => {
        if (!(e instanceof QueuedOffline && e.kept)) return setError(errorMessage(e));
        setError(null);
        setNotice(e.message);
      },
    );
  return { run, error, notice };
}
