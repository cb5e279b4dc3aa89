import { useState } from "preact/hooks";
import { errorMessage, post } from "../../api/client.ts";
import type { AuthSettings } from "../../api/types.ts";
import { ErrorText } from "../../components/ui.tsx";
import { loadSession } from "../../lib/session.ts";
import { passkeysSupported, signInWithPasskey } from "../../lib/webauthn.ts";
import { t } from "../../i18n/i18n.ts";

/** Single sign-on: the server answers with the identity provider's address to go to. */
async function signInWith(providerId: string) {
  const answer = await post<{ url: string }>("/api/auth/sign-in/sso", {
    providerId,
    callbackURL: "/",
  });
  location.assign(answer.url);
}

/** The sign-in methods besides a password: a passkey, each identity provider, the demo. */
export function OtherSignIn({ settings }: { settings: AuthSettings }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const passkeys = settings.passkeys.enabled && passkeysSupported();
  // No other way in: nothing, not an empty block widening the gap below the form.
  if (!passkeys && !settings.oidc.details.length && !settings.demo.enabled) return null;
  const passkey = () => attempt(() => signInWithPasskey().then(loadSession));
  const demo = () => attempt(() => post("/api/auth/demo-login").then(loadSession));
  return (
    <div class="stack">
      {passkeys && (
        <button type="button" onClick={passkey} disabled={busy}>
          {t("auth.passkey")}
        </button>
      )}
      {settings.oidc.details.map((provider) => (
        <button
          type="button"
          disabled={busy}
          onClick={() => attempt(() => signInWith(provider.id))}
        >
          {t("auth.withProvider", { provider: provider.name })}
        </button>
      ))}
      {settings.demo.enabled && (
        <button type="button" onClick={demo} disabled={busy}>
          {t("auth.demo")}
        </button>
      )}
      <ErrorText error={error} />
    </div>
  );
}
