import { Field } from "../../components/ui.tsx";

export type QuickEntry = {
  food_name: string;
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
};

/** A food eaten once: a name and its figures, without adding it to the library. */
export function QuickAdd(props: { onLog: (entry: QuickEntry) => void }) {
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const value = (name: string) => Number(form.get(name) || 0);
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
      <Field label="Name" name="food_name" required />
      <div class="grid fields">
        <Field label="Calories (kcal)" name="calories" type="number" step="any" min="0" required />
        <Field label="Protein (g)" name="protein" type="number" step="any" min="0" />
        <Field label="Carbs (g)" name="carbs" type="number" step="any" min="0" />
        <Field label="Fat (g)" name="fat" type="number" step="any" min="0" />
      </div>
      <button type="submit" class="primary">
        Quick add
      </button>
    </form>
  );
}
