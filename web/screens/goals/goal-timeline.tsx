import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import { PartsLine } from "../../components/parts-line.tsx";
import { Card, ErrorText, Field, Notice, Placeholder } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { formatDay, today } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { describeGoals, GoalFields, readGoals, type Goals } from "./goal-fields.tsx";

type Dated = Goals & { id: string; goal_date: string };

/** Dated goals: each holds from its day until the next; set new ones from a day on. */
export function GoalTimeline(props: { onChange: () => void }) {
  const timeline = useLoad(() => get<Dated[]>("/api/goals/timeline"), []);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const changed = () => (timeline.reload(), props.onChange());
  const save = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    post("/api/goals/manage-timeline", {
      ...readGoals(form),
      start_date: form.get("start_date"),
    }).then(
      () => (setSaved(true), changed()),
      (e) => setError(errorMessage(e)),
    );
  };
  const remove = (day: string) =>
    del(`/api/goals/timeline/${day}`).then(changed, (e) => setError(errorMessage(e)));
  const latest = timeline.data?.at(-1);
  return (
    <Card title={t("goals.timeline")}>
      {!timeline.data ? (
        <Placeholder height={60} />
      ) : (
        <ol class="list">
          {timeline.data.map((goal) => (
            <li class="key-row">
              <span>
                <strong>{t("goals.fromDay", { day: formatDay(goal.goal_date, "short") })}</strong>
                <br />
                <small class="hint">
                  {describeGoals(goal).length ? (
                    <PartsLine parts={describeGoals(goal)} />
                  ) : (
                    t("goals.noGoals")
                  )}
                </small>
              </span>
              <button
                type="button"
                class="link-button"
                onClick={() => remove(goal.goal_date)}
                aria-label={t("goals.removeFrom", { day: formatDay(goal.goal_date) })}
              >
                {t("foods.remove")}
              </button>
            </li>
          ))}
        </ol>
      )}
      <form class="stack" onSubmit={save} key={latest?.id}>
        <h3>{t("goals.setFrom")}</h3>
        <Field
          label={t("template.from")}
          name="start_date"
          type="date"
          required
          defaultValue={today()}
        />
        <GoalFields values={latest} />
        <button type="submit" class="primary">
          {t("goals.save")}
        </button>
        {saved && <Notice>{t("goals.saved")}</Notice>}
        <ErrorText error={error ?? timeline.error} />
      </form>
    </Card>
  );
}
