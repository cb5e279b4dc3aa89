import { useState } from "preact/hooks";
import { errorMessage } from "../api/client.ts";

/**
 * A screen's changes: `run` awaits one, then says `done` and calls `afterSuccess` (a reload),
 * or shows why it failed.
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
      (e) => setError(errorMessage(e)),
    );
  return { run, error, notice };
}
