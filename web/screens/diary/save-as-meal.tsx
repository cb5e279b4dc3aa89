import { useState } from "preact/hooks";
import { errorMessage, post } from "../../api/client.ts";
import type { MealType } from "../../api/food-types.ts";
import { ErrorText, Field, Notice, Select } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";

/** Turns the day's entries, or one meal's, into a template to log again later. */
export function SaveAsMeal(props: { day: string; mealTypes: MealType[] }) {
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const name = String(form.get("name"));
    try {
      await post("/api/meals/from-day", {
        entry_date: props.day,
        meal_type: form.get("meal_type") || null,
        name,
      });
      setSaved(t("template.saved", { name }));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <form class="inline-field wrap save-as-meal" onSubmit={submit}>
      <Field label={t("template.name")} name="name" required />
      <Select
        label={t("template.from")}
        name="meal_type"
        options={[
          ["", t("template.wholeDay")],
          ...props.mealTypes.map((m): [string, string] => [m.name, m.name]),
        ]}
      />
      <button type="submit">{t("template.save")}</button>
      <ErrorText error={error} />
      {saved && <Notice>{saved}</Notice>}
    </form>
  );
}
