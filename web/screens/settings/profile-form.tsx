import { useState } from "preact/hooks";
import { errorMessage, put } from "../../api/client.ts";
import type { Profile, Units } from "../../api/types.ts";
import { ErrorText, Field, Notice, Select } from "../../components/ui.tsx";
import { profile } from "../../lib/session.ts";
import { lengthFromCm, lengthToCm, lengthUnit } from "../../lib/units.ts";

const UNIT_SYSTEMS: Record<string, Units> = {
  metric: { weight: "kg", distance: "km", height: "cm", energy: "kcal" },
  imperial: { weight: "lbs", distance: "miles", height: "inches", energy: "kcal" },
};

/** Every zone the browser knows, plus the saved one and the browser's own (maybe aliases). */
function zones(preferred: string): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  const all = intl.supportedValuesOf?.("timeZone") ?? [];
  return [...new Set([preferred, "UTC", ...all])];
}

/** The profile fields shared by onboarding and settings; calls `onSaved` after a save. */
export function ProfileForm(props: {
  submitLabel: string;
  firstRun?: boolean;
  onSaved?: () => void;
}) {
  const current = profile.value!;
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const system = current.units.weight === "kg" ? "metric" : "imperial";

  const save = async (event: Event) => {
    event.preventDefault();
    const form = Object.fromEntries(new FormData(event.currentTarget as HTMLFormElement)) as Record<
      string,
      string
    >;
    const units = UNIT_SYSTEMS[form.units!]!;
    const height = form.height ? lengthToCm(Number(form.height), units) : null;
    try {
      profile.value = await put<Profile>("/api/identity/profiles", {
        name: form.name,
        timezone: form.timezone,
        date_of_birth: form.date_of_birth || null,
        sex: form.sex || null,
        height: height == null ? null : Math.round(height * 10) / 10,
        units,
      });
      setSaved(true);
      props.onSaved?.();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  // On the first run the server's default zone is a placeholder; the browser knows better.
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const guessedZone = props.firstRun || !current.timezone ? browserZone : current.timezone;
  return (
    <form class="stack" onSubmit={save}>
      <Field label="Name" name="name" defaultValue={current.name} required autocomplete="name" />
      <Select
        label="Units"
        name="units"
        defaultValue={system}
        options={[
          ["metric", "Metric (kg, cm, km)"],
          ["imperial", "Imperial (lb, in, miles)"],
        ]}
      />
      <Select
        label="Time zone"
        name="timezone"
        defaultValue={guessedZone}
        options={zones(guessedZone).map((z) => [z, z])}
      />
      <Field
        label="Date of birth"
        name="date_of_birth"
        type="date"
        defaultValue={current.date_of_birth ?? ""}
      />
      <Select
        label="Sex"
        name="sex"
        defaultValue={current.sex ?? ""}
        options={[
          ["", "Prefer not to say"],
          ["female", "Female"],
          ["male", "Male"],
        ]}
      />
      <Field
        label={`Height (${lengthUnit(current.units)})`}
        name="height"
        type="number"
        step="0.1"
        min="0"
        defaultValue={
          current.height == null
            ? ""
            : String(Math.round(lengthFromCm(current.height, current.units) * 10) / 10)
        }
        hint="Height is entered in the units currently saved; change units first, then height."
      />
      <ErrorText error={error} />
      {saved && <Notice>Saved.</Notice>}
      <button type="submit" class="primary">
        {props.submitLabel}
      </button>
    </form>
  );
}
