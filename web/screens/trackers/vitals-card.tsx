import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Placeholder } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { formatTime } from "../../lib/dates.ts";
import { units } from "../../lib/session.ts";
import { number, temperatureFromC, temperatureToC, temperatureUnit } from "../../lib/units.ts";
import { useLoad } from "../../lib/use-load.ts";

const FIELDS = [
  ["systolic_mmhg", "trackers.systolic"],
  ["diastolic_mmhg", "trackers.diastolic"],
  ["pulse_bpm", "trackers.pulse"],
  ["blood_glucose_mgdl", "trackers.glucose"],
  ["body_temperature_celsius", "trackers.temperature"],
  ["spo2_percent", "trackers.spo2"],
] as const;

type Reading = Partial<Record<(typeof FIELDS)[number][0], number | null>> & {
  id: string;
  measured_at: string;
};

/** The reading's figures, each with its unit. */
function describe(reading: Reading): string[] {
  const parts: string[] = [];
  if (reading.systolic_mmhg && reading.diastolic_mmhg)
    parts.push(`${number(reading.systolic_mmhg)}/${number(reading.diastolic_mmhg)} mmHg`);
  if (reading.pulse_bpm) parts.push(`${number(reading.pulse_bpm)} bpm`);
  if (reading.blood_glucose_mgdl) parts.push(`${number(reading.blood_glucose_mgdl)} mg/dL`);
  if (reading.body_temperature_celsius) {
    const degrees = temperatureFromC(reading.body_temperature_celsius, units.value);
    parts.push(`${number(degrees)} ${temperatureUnit(units.value)}`);
  }
  if (reading.spo2_percent)
    parts.push(t("trackers.spo2Value", { share: reading.spo2_percent / 100 }));
  return parts;
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
    if (!Object.keys(values).length) return setError(t("trackers.enterOne"));
    post("/api/vitals", { ...values, entry_date: day }).then(
      () => (form.reset(), setError(null), vitals.reload()),
      (e) => setError(errorMessage(e)),
    );
  };
  const remove = (id: string) =>
    del(`/api/vitals/${id}`).then(vitals.reload, (e) => setError(errorMessage(e)));
  return (
    <Card title={t("trackers.vitals")}>
      {!vitals.data ? (
        <Placeholder height={210} />
      ) : (
        <ul class="list">
          {vitals.data.map((r) => (
            <li class="key-row">
              <span>
                {/* Each figure isolated, so right to left keeps "118/76 mmHg" whole. */}
                {[formatTime(r.measured_at), ...describe(r)].map((part, i) => (
                  <>
                    {i > 0 && " · "}
                    <bdi>{part}</bdi>
                  </>
                ))}
              </span>
              <button
                type="button"
                class="link-button"
                onClick={() => remove(r.id)}
                aria-label={t("trackers.deleteReading", { time: formatTime(r.measured_at) })}
              >
                {t("entry.delete")}
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
                  ? `${t(label)} (${temperatureUnit(units.value)})`
                  : t(label)
              }
              name={name}
              type="number"
              step="any"
              min="0"
            />
          ))}
        </div>
        <button type="submit">{t("trackers.saveReading")}</button>
      </form>
      <ErrorText error={error ?? vitals.error} />
    </Card>
  );
}
