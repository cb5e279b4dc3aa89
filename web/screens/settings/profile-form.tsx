import { useState } from "preact/hooks";
import { errorMessage, put } from "../../api/client.ts";
import type { Preferences, Profile, Units } from "../../api/types.ts";
import { ErrorText, Field, Notice, Select } from "../../components/ui.tsx";
import { preferences, profile, showLanguage } from "../../lib/session.ts";
import { HeightInput, readHeightCm } from "../../components/unit-fields.tsx";
import { t } from "../../i18n/i18n.ts";
import { LanguagePicker } from "./language-picker.tsx";

const UNIT_SYSTEMS: Record<string, Units> = {
  metric: { weight: "kg", distance: "km", height: "cm", energy: "kcal" },
  imperial: { weight: "lbs", distance: "miles", height: "inches", energy: "kcal" },
  uk: { weight: "st", distance: "miles", height: "inches", energy: "kcal" },
};

const DATE_FORMATS: Record<string, string> = {
  metric: "YYYY-MM-DD",
  imperial: "MM/DD/YYYY",
  uk: "DD/MM/YYYY",
};

const DATE_EXAMPLES: Record<string, string> = {
  "YYYY-MM-DD": "2026-12-31",
  "DD/MM/YYYY": "31/12/2026",
  "MM/DD/YYYY": "12/31/2026",
  "DD.MM.YYYY": "31.12.2026",
};

/** The option picked in a `<select>`'s change event. */
const picked = (event: Event) => (event.currentTarget as HTMLSelectElement).value;

function systemOf(units: Units): string {
  return units.weight === "kg" ? "metric" : units.weight === "st" ? "uk" : "imperial";
}

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
  // The height inputs follow the units picked, before they are saved; so do the water unit
  // and date format, until the user picks their own.
  const [system, setSystem] = useState(systemOf(current.units));
  const [water, setWater] = useState(preferences.value.water_display_unit);
  const [dateFormat, setDateFormat] = useState(preferences.value.date_format);
  const pickSystem = (next: string) => {
    setSystem(next);
    setWater(next === "imperial" ? "oz" : "ml");
    setDateFormat(DATE_FORMATS[next]!);
  };

  const save = async (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const form = Object.fromEntries(data) as Record<string, string>;
    const units = UNIT_SYSTEMS[form.units!]!;
    const height = readHeightCm(data, "height", units);
    try {
      preferences.value = await put<Preferences>("/api/user-preferences", {
        water_display_unit: form.water_display_unit,
        date_format: form.date_format,
        language: form.language,
      });
      await showLanguage(preferences.value);
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
      <Field
        label={t("profile.name")}
        name="name"
        defaultValue={current.name}
        required
        autocomplete="name"
      />
      <LanguagePicker />
      <Select
        label={t("profile.units")}
        name="units"
        value={system}
        onChange={(event) => pickSystem(picked(event))}
        options={[
          ["metric", t("profile.metric")],
          ["imperial", t("profile.us")],
          ["uk", t("profile.uk")],
        ]}
      />
      <Select
        label={t("profile.water")}
        name="water_display_unit"
        value={water}
        onChange={(event) => setWater(picked(event) as typeof water)}
        options={[
          ["ml", t("profile.ml")],
          ["oz", t("profile.oz")],
          ["liter", t("profile.liter")],
        ]}
      />
      <Select
        label={t("profile.dateFormat")}
        name="date_format"
        value={dateFormat}
        onChange={(event) => setDateFormat(picked(event))}
        options={[...new Set([...Object.keys(DATE_EXAMPLES), dateFormat])].map((f) => [
          f,
          DATE_EXAMPLES[f] ?? f,
        ])}
      />
      <Select
        label={t("profile.timeZone")}
        name="timezone"
        defaultValue={guessedZone}
        options={zones(guessedZone).map((z) => [z, z])}
      />
      <Field
        label={t("profile.dateOfBirth")}
        name="date_of_birth"
        type="date"
        defaultValue={current.date_of_birth ?? ""}
      />
      <Select
        label={t("profile.sex")}
        name="sex"
        defaultValue={current.sex ?? ""}
        options={[
          ["", t("profile.preferNot")],
          ["female", t("profile.female")],
          ["male", t("profile.male")],
        ]}
      />
      <HeightInput
        key={system}
        name="height"
        label={t("profile.height")}
        units={UNIT_SYSTEMS[system]!}
        stored={current.height}
      />
      <ErrorText error={error} />
      {saved && <Notice>{t("common.saved")}</Notice>}
      <button type="submit" class="primary">
        {props.submitLabel}
      </button>
    </form>
  );
}
