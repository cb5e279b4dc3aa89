import { useState } from "preact/hooks";
import { errorMessage, post } from "../../api/client.ts";
import type { MealType } from "../../api/food-types.ts";
import { ErrorText, Field, Notice } from "../../components/ui.tsx";
import { addDays, formatDay } from "../../lib/dates.ts";
import { t, tr } from "../../i18n/i18n.ts";

/** Copies this meal of the day to the same meal of another day (tomorrow unless changed). */
export function CopyMeal(props: { day: string; mealType: MealType; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [copiedTo, setCopiedTo] = useState<string | null>(null);
  const copy = (event: Event) => {
    event.preventDefault();
    const targetDate = String(new FormData(event.currentTarget as HTMLFormElement).get("day"));
    setError(null);
    post("/api/food-entries/copy", {
      sourceDate: props.day,
      sourceMealType: props.mealType.name,
      targetDate,
      targetMealType: props.mealType.name,
    }).then(
      () => setCopiedTo(targetDate),
      (e) => setError(errorMessage(e)),
    );
  };
  return (
    <form
      class="stack copy-meal"
      onSubmit={copy}
      aria-label={t("copy.meal", { meal: props.mealType.name })}
    >
      <div class="actions">
        <Field
          label={t("copy.mealTo", { meal: props.mealType.name })}
          name="day"
          type="date"
          required
          defaultValue={addDays(props.day, 1)}
        />
        <button type="submit">{t("copy.copy")}</button>
        <button type="button" class="link-button" onClick={props.onClose}>
          {t("common.close")}
        </button>
      </div>
      {copiedTo && (
        <Notice>
          {tr("copy.copiedTo", { day: <a href={`#/diary/${copiedTo}`}>{formatDay(copiedTo)}</a> })}
        </Notice>
      )}
      <ErrorText error={error} />
    </form>
  );
}
