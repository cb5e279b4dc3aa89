import { useEffect, useState } from "preact/hooks";
import { errorMessage } from "../api/client.ts";

export type Loaded<T> = { data?: T; error?: string; reload: () => void };

/** Runs `load` when `keys` change; keeps the previous data while reloading (no flicker). */
export function useLoad<T>(load: () => Promise<T>, keys: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: string }>({});
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ data }),
      (error) => live && setState({ error: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [...keys, tick]);
  return { ...state, reload: () => setTick((n) => n + 1) };
}
