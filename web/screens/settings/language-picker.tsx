import { Select } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { BROWSER_LANGUAGE, LOCALES, supportedLocale } from "../../i18n/locales.ts";
import { preferences } from "../../lib/session.ts";

// English picked on purpose is stored as en-US: plain "en" is every account's default and
// means "the browser's language" (web/i18n/locales.ts).
const ENGLISH = "en-US";

/** The option the stored `language` preference stands for. */
function chosen(stored: string | undefined): string {
  if (!stored || stored === BROWSER_LANGUAGE) return BROWSER_LANGUAGE;
  const code = supportedLocale(stored);
  return code === "en" ? ENGLISH : (code ?? BROWSER_LANGUAGE);
}

/** The web client's language, each named in itself; saved with the profile form. */
export function LanguagePicker() {
  return (
    <Select
      label={t("profile.language")}
      name="language"
      defaultValue={chosen(preferences.value.language)}
      options={[
        [BROWSER_LANGUAGE, t("profile.browserLanguage")],
        ...LOCALES.map(([code, name]): [string, string] => [code === "en" ? ENGLISH : code, name]),
      ]}
    />
  );
}
