import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Placeholder, Select } from "../../components/ui.tsx";
import { formatTime } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { formatNumber, locale, t, type MessageKey } from "../../i18n/i18n.ts";

type Medication = {
  id: string;
  name: string;
  dose_amount: number | null;
  dose_unit: string | null;
  is_supplement: boolean;
  schedules?: { time_of_day: string | null; schedule_type_id: string }[];
};
type Due = {
  schedule_id: string;
  medication_id: string;
  medication_name: string;
  scheduled_for: string;
  dose_amount: number | null;
  dose_unit: string | null;
  status: string;
};
type Adherence = {
  medications: {
    medication_id: string;
    adherence_percent: number | null;
    taken: number;
    expected: number;
  }[];
};

const STATUSES = ["taken", "late", "skipped", "missed"];
const SCHEDULES = [
  "daily",
  "specific_days",
  "weekly",
  "every_n_days",
  "monthly",
  "cyclic",
  "taper",
  "prn",
];

/** "Daily at 08:30 AM", in the person's clock. */
function describeSchedule(s: { schedule_type_id: string; time_of_day: string | null }): string {
  const kind = SCHEDULES.includes(s.schedule_type_id)
    ? t(`medications.schedule_${s.schedule_type_id}` as MessageKey)
    : s.schedule_type_id;
  if (!s.time_of_day) return kind;
  const [h, m] = s.time_of_day.split(":").map(Number) as [number, number];
  const at = new Date(2000, 0, 1, h, m).toLocaleTimeString(locale.value, {
    hour: "2-digit",
    minute: "2-digit",
  });
  return t("medications.scheduleAt", { schedule: kind, time: at });
}

/** Today's doses to take or skip, the medication list with adherence, and adding one. */
export function Medications() {
  const data = useLoad(
    () =>
      Promise.all([
        get<Medication[]>("/api/v2/medications"),
        get<Due[]>("/api/v2/medications/due"),
        get<Adherence>("/api/v2/medications/adherence"),
      ]),
    [],
  );
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(errorMessage(e));
  const log = (dose: Due, status: "taken" | "skipped") =>
    post("/api/v2/medications/entries", {
      medication_id: dose.medication_id,
      schedule_id: dose.schedule_id,
      scheduled_for: dose.scheduled_for,
      status,
    }).then(data.reload, fail);
  const add = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    try {
      const med = await post<Medication>("/api/v2/medications", {
        name: f.get("name"),
        dose_amount: f.get("dose_amount") ? Number(f.get("dose_amount")) : null,
        dose_unit: f.get("dose_unit") || null,
        is_supplement: f.get("kind") === "supplement",
      });
      if (f.get("time_of_day"))
        await post(`/api/v2/medications/${med.id}/schedules`, {
          schedule_type_id: "daily",
          time_of_day: f.get("time_of_day"),
        });
      form.reset();
      data.reload();
    } catch (e) {
      fail(e);
    }
  };
  if (!data.data)
    return (
      <Card title={t("medications.tab")}>
        <Placeholder height={160} />
      </Card>
    );
  const [meds, due, adherence] = data.data;
  const percent = (id: string) =>
    adherence.medications.find((a) => a.medication_id === id)?.adherence_percent;
  return (
    <>
      <Card title={t("medications.dueToday")}>
        {due.length === 0 && <p class="hint">{t("medications.nothingDue")}</p>}
        <ul class="list doses">
          {due.map((dose) => (
            <li class="key-row">
              <span>
                {formatTime(dose.scheduled_for)} · <strong>{dose.medication_name}</strong>{" "}
                {dose.dose_amount == null ? "" : formatNumber(dose.dose_amount)}{" "}
                {dose.dose_unit ?? ""}
                {STATUSES.includes(dose.status) && (
                  <span class={`dose-status ${dose.status}`}>
                    {t(`medications.status_${dose.status}` as MessageKey)}
                  </span>
                )}
              </span>
              {!["taken", "skipped", "late"].includes(dose.status) && (
                <span class="actions">
                  <button
                    type="button"
                    onClick={() => log(dose, "taken")}
                    aria-label={t("medications.takeMed", { name: dose.medication_name })}
                  >
                    {t("medications.take")}
                  </button>
                  <button
                    type="button"
                    onClick={() => log(dose, "skipped")}
                    aria-label={t("medications.skipMed", { name: dose.medication_name })}
                  >
                    {t("medications.skip")}
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t("medications.title")}>
        <ul class="list">
          {meds.map((med) => (
            <li class="key-row">
              <span>
                <strong>{med.name}</strong>{" "}
                {med.dose_amount == null ? "" : formatNumber(med.dose_amount)} {med.dose_unit ?? ""}
                {med.is_supplement && ` · ${t("medications.supplementTag")}`}
                <br />
                <small class="hint">
                  {med.schedules?.map(describeSchedule).join(", ") || t("medications.schedule_prn")}
                  {percent(med.id) != null &&
                    ` · ${t("medications.adherence", { share: percent(med.id)! / 100 })}`}
                </small>
              </span>
              <button
                type="button"
                class="link-button"
                aria-label={t("entry.deleteFood", { food: med.name })}
                onClick={() => del(`/api/v2/medications/${med.id}`).then(data.reload, fail)}
              >
                {t("entry.delete")}
              </button>
            </li>
          ))}
        </ul>
        <details>
          <summary>{t("medications.add")}</summary>
          <form class="stack" onSubmit={add}>
            <div class="grid fields">
              <Field label={t("medications.name")} name="name" required />
              <Select
                label={t("medications.kind")}
                name="kind"
                options={[
                  ["medication", t("medications.medication")],
                  ["supplement", t("medications.supplement")],
                ]}
              />
              <Field
                label={t("medications.dose")}
                name="dose_amount"
                type="number"
                step="any"
                min="0"
              />
              <Field label={t("medications.doseUnit")} name="dose_unit" />
              <Field label={t("medications.dailyAt")} name="time_of_day" type="time" />
            </div>
            <button type="submit">{t("medications.addButton")}</button>
          </form>
        </details>
        <ErrorText error={error ?? data.error} />
      </Card>
    </>
  );
}
