import { useEffect, useId, useState } from "preact/hooks";
import { get } from "../../api/client.ts";
import type { Exercise } from "./types.ts";
import { t } from "../../i18n/i18n.ts";

const find = (term: string) =>
  get<Exercise[]>(`/api/exercises/search?${new URLSearchParams({ searchTerm: term, limit: "8" })}`);

/**
 * A combobox to find an exercise: type, arrow keys, Enter picks. Empty, it lists the most
 * recently and most often logged exercises first (the server's order).
 */
export function ExerciseSearch(props: { label?: string; onPick: (exercise: Exercise) => void }) {
  const id = useId();
  const [term, setTerm] = useState("");
  const [found, setFound] = useState<Exercise[]>([]);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(
      () => find(term).then((list) => live && (setFound(list), setActive(0))),
      150,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [term, open]);

  const pick = (exercise: Exercise) => {
    props.onPick(exercise);
    setTerm("");
    setOpen(false);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown") setActive((i) => Math.min(i + 1, found.length - 1));
    else if (event.key === "ArrowUp") setActive((i) => Math.max(i - 1, 0));
    else if (event.key === "Enter" && open && found[active]) pick(found[active]!);
    else if (event.key === "Escape") setOpen(false);
    else return;
    event.preventDefault();
  };
  const shown = open ? found : [];

  return (
    <div class="food-search">
      <label for={`${id}-input`}>{props.label ?? t("exercise.exercise")}</label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        list={undefined}
        aria-expanded={shown.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={shown[active] ? `${id}-${active}` : undefined}
        aria-autocomplete="list"
        autocomplete="off"
        placeholder={t("exercise.search")}
        value={term}
        onFocus={() => setOpen(true)}
        onInput={(e) => (setTerm((e.currentTarget as HTMLInputElement).value), setOpen(true))}
        onKeyDown={onKey}
      />
      <ul id={`${id}-list`} role="listbox" aria-label={t("exercise.found")} class="options">
        {shown.map((exercise, i) => (
          <li
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(exercise)}
          >
            <span>{exercise.name}</span>
            <small>
              {exercise.category ?? t("exercise.modality", { modality: exercise.modality })}
            </small>
          </li>
        ))}
      </ul>
      {open && term && found.length === 0 && <p class="hint">{t("exercise.noMatch", { term })}</p>}
    </div>
  );
}
