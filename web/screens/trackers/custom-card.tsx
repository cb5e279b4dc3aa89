import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Placeholder } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { useLoad } from "../../lib/use-load.ts";

type Category = {
  id: string;
  name: string;
  display_name: string | null;
  unit: string | null;
  data_type: "numeric" | "integer" | "text";
};
type Entry = { id: string; category_id: string; value: string };

/** Measurements of one's own (a category each): the day's values, and new categories. */
export function CustomCard({ day }: { day: string }) {
  const data = useLoad(
    () =>
      Promise.all([
        get<Category[]>("/api/measurements/custom-categories"),
        get<Entry[]>(`/api/measurements/custom-entries/${day}`),
      ]),
    [day],
  );
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(errorMessage(e));
  const record = (category: Category) => (event: Event) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget as HTMLFormElement).get("value"));
    post("/api/measurements/custom-entries", {
      category_id: category.id,
      entry_date: day,
      value: category.data_type === "text" ? value : Number(value),
    }).then(data.reload, fail);
  };
  const addCategory = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    post("/api/measurements/custom-categories", {
      name: String(form.get("name")),
      unit: String(form.get("unit")) || null,
      frequency: "Daily",
    }).then(data.reload, fail);
  };
  if (!data.data)
    return (
      <Card title={t("trackers.custom")}>
        <Placeholder height={40} />
      </Card>
    );
  const [categories, entries] = data.data;
  return (
    <Card title={t("trackers.custom")}>
      {categories.map((category) => {
        const label = `${category.display_name ?? category.name}${category.unit ? ` (${category.unit})` : ""}`;
        const value = entries.filter((e) => e.category_id === category.id).at(-1)?.value ?? "";
        return (
          <form
            class="inline-field wrap"
            onSubmit={record(category)}
            key={`${category.id}-${value}`}
          >
            {category.data_type !== "text" ? (
              <Field
                label={label}
                name="value"
                type="number"
                step={category.data_type === "integer" ? "1" : "any"}
                defaultValue={value}
                required
              />
            ) : (
              <Field label={label} name="value" defaultValue={value} required />
            )}
            <button type="submit" aria-label={t("trackers.saveNamed", { name: category.name })}>
              {t("entry.save")}
            </button>
          </form>
        );
      })}
      <details>
        <summary>{t("trackers.addMeasurement")}</summary>
        <form class="inline-field wrap" onSubmit={addCategory}>
          <Field label={t("foods.name")} name="name" required />
          <Field label={t("foods.unit")} name="unit" />
          <button type="submit">{t("medications.addButton")}</button>
        </form>
      </details>
      <ErrorText error={error ?? data.error} />
    </Card>
  );
}
