import { useState } from "preact/hooks";
import { errorMessage, get, put } from "../../api/client.ts";
import { Card, ErrorText, Notice, Page, Placeholder } from "../../components/ui.tsx";
import { useLoad } from "../../lib/use-load.ts";
import { useSwitches } from "../../lib/use-switches.ts";
import { AdminTabs } from "./admin-tabs.tsx";

type SignInSettings = { passwordSignIn: boolean; secondFactorRequired: boolean };

const SWITCHES: [keyof SignInSettings, string, string][] = [
  [
    "passwordSignIn",
    "Password sign-in",
    "Email and password on the sign-in screen. Can be turned off only while a single sign-on provider is set up.",
  ],
  [
    "secondFactorRequired",
    "Require a second factor",
    "Every password sign-in needs an authenticator code or an email code.",
  ],
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
        () => (setError(null), setNotice("Sign-in settings saved.")),
        (e) => (setNotice(null), setError(errorMessage(e))),
      )
      .finally(settings.reload);
  };
  const s = settings.data;
  return (
    <Page title="Sign-in settings">
      <AdminTabs current="/sign-in" />
      <Card title="Sign-in methods">
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
                  {label}
                  <span class="hint">{hint}</span>
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
