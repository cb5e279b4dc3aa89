import { useState } from "preact/hooks";
import { errorMessage, post } from "../../api/client.ts";
import type { CheckIn } from "../../api/types.ts";
import { ErrorText, Field, Notice } from "../../components/ui.tsx";
import { readWeightKg, WeightInput } from "../../components/unit-fields.tsx";
import { profile, units } from "../../lib/session.ts";
import { bodyMassIndex, number } from "../../lib/units.ts";
import { FORM_FIELDS, fieldLabel, toDisplay, toStored } from "./measurement-fields.ts";
import { t } from "../../i18n/i18n.ts";

type Props = { day: string; checkIn: CheckIn | null; onSaved: () => void };

/** The day's measurements in the profile's units; empty fields clear the stored value. */
export function MeasurementForm({ day, checkIn, onSaved }: Props) {
  const u = units.value;
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const bmi = bodyMassIndex(
    checkIn?.weight ?? null,
    checkIn?.height ?? profile.value?.height ?? null,
  );

  const save = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const body: Record<string, unknown> = { entry_date: day };
    for (const field of FORM_FIELDS) {
      const text = String(form.get(field.key) ?? "").trim();
      const stored =
        field.kind === "weight"
          ? readWeightKg(form, field.key, u)
          : text === ""
            ? null
            : toStored(field.kind, Number(text), u);
      body[field.key] = field.key === "steps" && stored != null ? Math.round(stored) : stored;
    }
    setError(null);
    try {
      await post("/api/measurements/check-in", body);
      setSaved(true);
      onSaved();
    } catch (e) {
      setSaved(false);
      setError(errorMessage(e));
    }
  };

  return (
    <form class="stack" onSubmit={save} aria-label={t("checkins.formLabel")}>
      <div class="grid fields">
        {FORM_FIELDS.map((field) => {
          const stored = checkIn?.[field.key];
          if (field.kind === "weight")
            return (
              <WeightInput name={field.key} label={t(field.label)} units={u} stored={stored} />
            );
          return (
            <Field
              label={fieldLabel(field, u)}
              name={field.key}
              type="number"
              inputMode="decimal"
              min="0"
              step={field.step}
              defaultValue={stored == null ? "" : String(toDisplay(field.kind, stored, u))}
            />
          );
        })}
      </div>
      <p class="derived">
        {t("checkins.bmiIs")} <strong>{bmi == null ? "–" : number(bmi)}</strong>
        {bmi == null && <span class="hint"> {t("checkins.bmiNeeds")}</span>}
      </p>
      <ErrorText error={error} />
      {saved && <Notice>{t("checkins.saved")}</Notice>}
      <button type="submit" class="primary">
        {t("checkins.save")}
      </button>
    </form>
  );
}
