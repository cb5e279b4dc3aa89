import { useEffect, useState } from "preact/hooks";

/**
 * Checkboxes saved the moment they change: each shows the user's choice until the reloaded
 * data arrives, then the data again. Without it the box springs back to the old value for as
 * long as the save and reload take (any render in between sets the old value on it).
 */
export function useSwitches(data: unknown) {
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  useEffect(() => setChosen({}), [data]);
  return {
    shown: (key: string, saved: boolean) => chosen[key] ?? saved,
    choose: (key: string, on: boolean) => setChosen((all) => ({ ...all, [key]: on })),
  };
}
