import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Placeholder } from "../../components/ui.tsx";
import { formatTime } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { number, temperatureFromC, temperatureToC, temperatureUnit } from "../../lib/units.ts";
import { useLoad } from "../../lib/use-load.ts";

const FIELDS = [
  ["systolic_mmhg", "Systolic (mmHg)"],
  ["diastolic_mmhg", "Diastolic (mmHg)"],
  ["pulse_bpm", "Pulse (bpm)"],
  ["blood_glucose_mgdl", "Glucose (mg/dL)"],
  ["body_temperature_celsius", "Temperature"],
  ["spo2_percent", "SpO2 (%)"],
] as const;

type Reading = Partial<Record<(typeof FIELDS)[number][0], number | null>> & {
  id: string;
  measured_at: string;
};

function describe(reading: Reading): string {
  const parts: string[] = [];
  if (reading.systolic_mmhg && reading.diastolic_mmhg)
    parts.push(`${reading.systolic_mmhg}/${reading.diastolic_mmhg} mmHg`);
  if (reading.pulse_bpm) parts.push(`${reading.pulse_bpm} bpm`);
  if (reading.blood_glucose_mgdl) parts.push(`${number(reading.blood_glucose_mgdl)} mg/dL`);
  if (reading.body_temperature_celsius) {
    const degrees = temperatureFromC(reading.body_temperature_celsius, units.value);
    parts.push(`${number(degrees)} ${temperatureUnit(units.value)}`);
  }
  if (reading.spo2_percent) parts.push(`SpO2 ${number(reading.spo2_percent)}%`);
  return parts.join(" · ");
}

/** Blood pressure, glucose, temperature and SpO2 readings of the day, and a new reading. */
export function VitalsCard({ day }: { day: string }) {
  const vitals = useLoad(() => get<Reading[]>(`/api/vitals?date=${day}`), [day]);
  const [error, setError] = useState<string | null>(null);
  const save = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const values = Object.fromEntries(
      [...new FormData(form)].filter(([, v]) => v !== "").map(([k, v]) => [k, Number(v)]),
    );
    // Typed in the user's unit, stored in Celsius.
    if (values.body_temperature_celsius != null)
      values.body_temperature_celsius = temperatureToC(
        values.body_temperature_celsius,
        units.value,
      );
    if (!Object.keys(values).length) return setError("Enter at least one value.");
    post("/api/vitals", { ...values, entry_date: day }).then(
      () => (form.reset(), setError(null), vitals.reload()),
      (e) => setError(errorMessage(e)),
    );
  };
  const remove = (id: string) =>
    del(`/api/vitals/${id}`).then(vitals.reload, (e) => setError(errorMessage(e)));
  return (
    <Card title="Vitals">
      {!vitals.data ? (
        <Placeholder height={210} />
      ) : (
        <ul class="list">
          {vitals.data.map((r) => (
            <li class="key-row">
              <span>
                {formatTime(r.measured_at)} · {describe(r)}
              </span>
              <button
                type="button"
                class="link-button"
                onClick={() => remove(r.id)}
                aria-label={`Delete the reading of ${formatTime(r.measured_at)}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form class="stack" onSubmit={save}>
        <div class="grid fields">
          {FIELDS.map(([name, label]) => (
            <Field
              label={
                name === "body_temperature_celsius"
                  ? `${label} (${temperatureUnit(units.value)})`
                  : label
              }
              name={name}
              type="number"
              step="any"
              min="0"
            />
          ))}
        </div>
        <button type="submit">Save reading</button>
      </form>
      <ErrorText error={error ?? vitals.error} />
    </Card>
  );
}
