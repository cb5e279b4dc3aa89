import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { Placeholder } from "../components/ui.tsx";
import { t } from "../i18n/i18n.ts";

/**
 * A screen whose code is fetched the first time it is shown, so the shell stays small and
 * each screen's bundle loads on its own (a placeholder holds the space meanwhile).
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  return function LazyScreen(props: P) {
    const [Screen, setScreen] = useState(() => loaded);
    useEffect(() => {
      if (!Screen) load().then((component) => setScreen(() => (loaded = component)));
    }, []);
    return Screen ? (
      <Screen {...props} />
    ) : (
      <Placeholder height={600} label={t("lazy.loadingScreen")} />
    );
  };
}
