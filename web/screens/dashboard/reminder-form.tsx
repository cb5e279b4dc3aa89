import { put } from "../../api/client.ts";
import type { Preferences } from "../../api/types.ts";
import { ErrorText, Field } from "../../components/ui.tsx";
import { preferences } from "../../lib/session.ts";
import { useAction } from "../../lib/use-action.ts";
import { t } from "../../i18n/i18n.ts";

/** The times after which Today reminds to log meals and to weigh in; empty: no reminder. */
export function ReminderForm(props: { onDone: () => void }) {
  const { run, error } = useAction(props.onDone);
  const prefs = preferences.value;
  const save = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const time = (name: string) => String(form.get(name) ?? "") || null;
    run(
      put<Preferences>("/api/user-preferences", {
        meal_reminder_time: time("meal_reminder_time"),
        weigh_in_reminder_time: time("weigh_in_reminder_time"),
      }).then((saved) => (preferences.value = saved)),
      t("reminders.saved"),
    );
  };
  return (
    <form class="stack" onSubmit={save} aria-label={t("today.reminders")}>
      <div class="grid fields">
        <Field
          label={t("reminders.meals")}
          name="meal_reminder_time"
          type="time"
          defaultValue={prefs.meal_reminder_time ?? ""}
        />
        <Field
          label={t("reminders.weighIn")}
          name="weigh_in_reminder_time"
          type="time"
          defaultValue={prefs.weigh_in_reminder_time ?? ""}
        />
      </div>
      <p class="hint">{t("reminders.hint")}</p>
      <button type="submit" class="primary">
        {t("reminders.save")}
      </button>
      <ErrorText error={error} />
    </form>
  );
}
