import { useState } from "preact/hooks";
import { errorMessage, get, put } from "../../../api/client.ts";
import { Card, ErrorText, Field, Placeholder } from "../../../components/ui.tsx";
import { t } from "../../../i18n/i18n.ts";
import { useLoad } from "../../../lib/use-load.ts";
import { useSwitches } from "../../../lib/use-switches.ts";
import { formValues } from "./types.ts";

type Item = {
  id: string;
  template_key: string | null;
  custom_title: string | null;
  week: number;
  completed_at: string | null;
  dismissed: boolean;
};

/** The to-do list by week: add an item, tick one off. */
export function Checklist(props: { pregnancyId: string; week: number; onChange: () => void }) {
  const path = `/api/v2/pregnancy/checklist?pregnancy_id=${props.pregnancyId}`;
  const items = useLoad(() => get<Item[]>(path), [props.pregnancyId]);
  const [error, setError] = useState<string | null>(null);
  const switches = useSwitches(items.data);
  const save = (body: Record<string, unknown>) =>
    put("/api/v2/pregnancy/checklist", body).then(
      () => (setError(null), items.reload(), props.onChange()),
      (e) => setError(errorMessage(e)),
    );
  const add = (event: Event) => {
    const { custom_title, week } = formValues(event);
    const form = event.currentTarget as HTMLFormElement;
    save({ pregnancy_id: props.pregnancyId, custom_title, week: Number(week) }).then(() =>
      form.reset(),
    );
  };
  if (!items.data) return <Placeholder height={120} />;
  return (
    <Card title={t("pregnancy.checklist")}>
      <ul class="list checklist">
        {items.data
          .filter((i) => !i.dismissed)
          .map((item) => (
            <li>
              <label class="check">
                <input
                  type="checkbox"
                  checked={switches.shown(item.id, Boolean(item.completed_at))}
                  onChange={() => {
                    switches.choose(item.id, !item.completed_at);
                    save({ id: item.id, completed: !item.completed_at });
                  }}
                />{" "}
                {item.custom_title ?? item.template_key}{" "}
                <span class="hint nowrap">{t("pregnancy.weekLower", { week: item.week })}</span>
              </label>
            </li>
          ))}
      </ul>
      <form class="inline-field wrap" onSubmit={add}>
        <Field label={t("pregnancy.toDo")} name="custom_title" required maxLength={200} />
        <Field
          label={t("pregnancy.week")}
          name="week"
          type="number"
          min="0"
          max="45"
          required
          defaultValue={String(Math.max(0, Math.min(45, props.week)))}
        />
        <button type="submit">{t("pregnancy.addToChecklist")}</button>
      </form>
      <ErrorText error={error ?? items.error} />
    </Card>
  );
}
