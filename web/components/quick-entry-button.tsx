import { signal } from "@preact/signals";
import { useRef, useState } from "preact/hooks";
import { placeAccess } from "../lib/access.ts";
import { lazyScreen } from "../lib/lazy.tsx";
import { Icon } from "./icons.tsx";
import { t } from "../i18n/i18n.ts";

/** Counts quick entries saved: the screen behind the sheet is keyed by it, so it reloads. */
export const quickEntriesSaved = signal(0);

const QuickEntrySheet = lazyScreen(() =>
  import("../screens/quick-entry/quick-entry.tsx").then((m) => m.QuickEntrySheet),
);

/** "+" in the top bar: water, weight or a food for today from any screen. */
export function QuickEntryButton() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  // Shown only where every part of the sheet may be written (a delegate may lack the grant).
  if (placeAccess("/diary") !== "write" || placeAccess("/check-ins") !== "write") return null;
  const close = () => {
    dialog.current?.close();
  };
  const onClose = () => {
    setOpen(false);
    if (saved) quickEntriesSaved.value++;
    setSaved(false);
  };
  return (
    <>
      <button
        type="button"
        class="quick-entry-button"
        aria-haspopup="dialog"
        aria-label={t("nav.addForToday")}
        onClick={() => (setOpen(true), dialog.current?.showModal())}
      >
        <Icon name="plus" />
        <span>{t("nav.add")}</span>
      </button>
      <dialog ref={dialog} class="sheet" aria-labelledby="quick-entry-title" onClose={onClose}>
        <header class="sheet-head">
          <h2 id="quick-entry-title">{t("nav.addForToday")}</h2>
          <button type="button" class="link-button" onClick={close}>
            {t("common.close")}
          </button>
        </header>
        {open && <QuickEntrySheet onSaved={() => setSaved(true)} />}
      </dialog>
    </>
  );
}
