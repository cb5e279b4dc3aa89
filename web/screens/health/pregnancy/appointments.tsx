import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../../api/client.ts";
import { Card, ErrorText, Field, Placeholder } from "../../../components/ui.tsx";
import { t } from "../../../i18n/i18n.ts";
import { formatDay, formatTime } from "../../../lib/dates.ts";
import { useLoad } from "../../../lib/use-load.ts";
import { formValues, type Appointment } from "./types.ts";

const when = (a: Appointment) =>
  `${formatDay(a.scheduled_at.slice(0, 10), "short")} ${formatTime(a.scheduled_at)}`;

/** Antenatal appointments: list, add, delete. */
export function Appointments(props: { pregnancyId: string; onChange: () => void }) {
  const path = `/api/v2/pregnancy/appointments?pregnancy_id=${props.pregnancyId}`;
  const list = useLoad(() => get<Appointment[]>(path), [props.pregnancyId]);
  const [error, setError] = useState<string | null>(null);
  const done = (work: Promise<unknown>) =>
    work.then(
      () => (setError(null), list.reload(), props.onChange()),
      (e) => setError(errorMessage(e)),
    );
  const add = (event: Event) => {
    const { title, location, scheduled_at } = formValues(event);
    const body = {
      pregnancy_id: props.pregnancyId,
      title,
      location: location || null,
      scheduled_at: new Date(scheduled_at!).toISOString(),
    };
    done(post("/api/v2/pregnancy/appointments", body));
  };
  if (!list.data) return <Placeholder height={120} />;
  return (
    <Card title={t("pregnancy.appointments")}>
      <ul class="list">
        {list.data.map((a) => (
          <li class="key-row">
            <span>
              <strong>{a.title ?? t("pregnancy.appointment")}</strong>{" "}
              <span class="hint">
                {when(a)}
                {a.location ? ` · ${a.location}` : ""}
              </span>
            </span>
            <button
              type="button"
              onClick={() => done(del(`/api/v2/pregnancy/appointments/${a.id}`))}
            >
              {t("entry.delete")}
              <span class="visually-hidden"> {a.title}</span>
            </button>
          </li>
        ))}
      </ul>
      <form class="inline-field wrap" onSubmit={add}>
        <Field
          label={t("pregnancy.appointment")}
          name="title"
          required
          maxLength={200}
          placeholder={t("pregnancy.scan")}
        />
        <Field label={t("pregnancy.when")} name="scheduled_at" type="datetime-local" required />
        <Field label={t("pregnancy.where")} name="location" maxLength={200} />
        <button type="submit">{t("pregnancy.addAppointment")}</button>
      </form>
      <ErrorText error={error ?? list.error} />
    </Card>
  );
}
