import { useState } from "preact/hooks";
import { errorMessage, get, put } from "../../api/client.ts";
import { Card, ErrorText, Notice, Page, Placeholder } from "../../components/ui.tsx";
import { useLoad } from "../../lib/use-load.ts";
import { useSwitches } from "../../lib/use-switches.ts";
import { AdminTabs } from "./admin-tabs.tsx";
import { t, type MessageKey } from "../../i18n/i18n.ts";

type SignInSettings = { passwordSignIn: boolean; secondFactorRequired: boolean };

const SWITCHES: [keyof SignInSettings, MessageKey, MessageKey][] = [
  ["passwordSignIn", "signInSettings.password", "signInSettings.passwordHint"],
  ["secondFactorRequired", "signInSettings.secondFactor", "signInSettings.secondFactorHint"],
];

/** The server-wide sign-in switches; each change is saved at once. */
export function SignInSettingsScreen() {
  const settings = useLoad(() => get<SignInSettings>("/api/admin/auth-settings"), []);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const switches = useSwitches(settings.data);
  const change = (key: keyof SignInSettings, on: boolean) => {
    switches.choose(key, on);
    put("/api/admin/auth-settings", { [key]: on })
      .then(
        () => (setError(null), setNotice(t("signInSettings.saved"))),
        (e) => (setNotice(null), setError(errorMessage(e))),
      )
      .finally(settings.reload);
  };
  const s = settings.data;
  return (
    <Page title={t("admin.signInSettings")}>
      <AdminTabs current="/sign-in" />
      <Card title={t("signInSettings.methods")}>
        {!s ? (
          <Placeholder height={120} />
        ) : (
          <div class="stack">
            {SWITCHES.map(([key, label, hint]) => (
              <label class="check described">
                <input
                  type="checkbox"
                  name={key}
                  checked={switches.shown(key, s[key])}
                  onChange={(e) => change(key, (e.currentTarget as HTMLInputElement).checked)}
                />
                <span>
                  {t(label)}
                  <span class="hint">{t(hint)}</span>
                </span>
              </label>
            ))}
          </div>
        )}
        <ErrorText error={error ?? settings.error} />
        {notice && <Notice>{notice}</Notice>}
      </Card>
    </Page>
  );
}
