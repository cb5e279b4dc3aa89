import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Placeholder, Select } from "../../components/ui.tsx";
import { formatTime } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { locale } from "../../i18n/i18n.ts";

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

const STATUS_LABELS: Record<string, string> = {
  taken: "Taken",
  late: "Taken late",
  skipped: "Skipped",
  missed: "Missed",
};

const SCHEDULE_LABELS: Record<string, string> = {
  daily: "Daily",
  specific_days: "Some days",
  weekly: "Weekly",
  every_n_days: "Every few days",
  monthly: "Monthly",
  cyclic: "In cycles",
  taper: "Tapering",
  prn: "As needed",
};

/** "Daily at 08:30 AM", in the person's clock. */
function describeSchedule(s: { schedule_type_id: string; time_of_day: string | null }): string {
  const kind = SCHEDULE_LABELS[s.schedule_type_id] ?? s.schedule_type_id;
  if (!s.time_of_day) return kind;
  const [h, m] = s.time_of_day.split(":").map(Number) as [number, number];
  const at = new Date(2000, 0, 1, h, m).toLocaleTimeString(locale.value, {
    hour: "2-digit",
    minute: "2-digit",
  });
  return `${kind} at ${at}`;
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
      <Card title="Medications">
        <Placeholder height={160} />
      </Card>
    );
  const [meds, due, adherence] = data.data;
  const percent = (id: string) =>
    adherence.medications.find((a) => a.medication_id === id)?.adherence_percent;
  return (
    <>
      <Card title="Due today">
        {due.length === 0 && <p class="hint">Nothing scheduled today.</p>}
        <ul class="list doses">
          {due.map((dose) => (
            <li class="key-row">
              <span>
                {formatTime(dose.scheduled_for)} · <strong>{dose.medication_name}</strong>{" "}
                {dose.dose_amount ?? ""} {dose.dose_unit ?? ""}
                {dose.status !== "due" && (
                  <span class={`dose-status ${dose.status}`}>{STATUS_LABELS[dose.status]}</span>
                )}
              </span>
              {!["taken", "skipped", "late"].includes(dose.status) && (
                <span class="actions">
                  <button
                    type="button"
                    onClick={() => log(dose, "taken")}
                    aria-label={`Take ${dose.medication_name}`}
                  >
                    Take
                  </button>
                  <button
                    type="button"
                    onClick={() => log(dose, "skipped")}
                    aria-label={`Skip ${dose.medication_name}`}
                  >
                    Skip
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      </Card>
      <Card title="Medications and supplements">
        <ul class="list">
          {meds.map((med) => (
            <li class="key-row">
              <span>
                <strong>{med.name}</strong> {med.dose_amount ?? ""} {med.dose_unit ?? ""}
                {med.is_supplement && " · supplement"}
                <br />
                <small class="hint">
                  {med.schedules?.map(describeSchedule).join(", ") || "As needed"}
                  {percent(med.id) != null &&
                    ` · ${Math.round(percent(med.id)!)}% taken in the last 30 days`}
                </small>
              </span>
              <button
                type="button"
                class="link-button"
                aria-label={`Delete ${med.name}`}
                onClick={() => del(`/api/v2/medications/${med.id}`).then(data.reload, fail)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
        <details>
          <summary>Add a medication or supplement</summary>
          <form class="stack" onSubmit={add}>
            <div class="grid fields">
              <Field label="Name" name="name" required />
              <Select
                label="Kind"
                name="kind"
                options={[
                  ["medication", "Medication"],
                  ["supplement", "Supplement"],
                ]}
              />
              <Field label="Dose" name="dose_amount" type="number" step="any" min="0" />
              <Field label="Dose unit" name="dose_unit" />
              <Field label="Daily at" name="time_of_day" type="time" />
            </div>
            <button type="submit">Add</button>
          </form>
        </details>
        <ErrorText error={error ?? data.error} />
      </Card>
    </>
  );
}
