import { Field } from "../../components/ui.tsx";
import { numberOrNull } from "../../lib/units.ts";
import { t } from "../../i18n/i18n.ts";

export type QuickEntry = {
  food_name: string;
  calories: number | null;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
};

/** A food eaten once: a name and its figures, without adding it to the library. */
export function QuickAdd(props: { onLog: (entry: QuickEntry) => void }) {
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const value = (name: string) => numberOrNull(form.get(name));
    props.onLog({
      food_name: String(form.get("food_name")),
      calories: value("calories"),
      protein: value("protein"),
      carbs: value("carbs"),
      fat: value("fat"),
    });
  };
  return (
    <form class="stack" onSubmit={submit}>
      <Field label={t("quickAdd.name")} name="food_name" required />
      <div class="grid fields">
        <Field
          label={t("quickAdd.calories")}
          name="calories"
          type="number"
          step="any"
          min="0"
          required
        />
        <Field label={t("quickAdd.protein")} name="protein" type="number" step="any" min="0" />
        <Field label={t("quickAdd.carbs")} name="carbs" type="number" step="any" min="0" />
        <Field label={t("quickAdd.fat")} name="fat" type="number" step="any" min="0" />
      </div>
      <button type="submit" class="primary">
        {t("add.quick")}
      </button>
    </form>
  );
}
