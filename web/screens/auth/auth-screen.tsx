import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import type { AuthSettings } from "../../api/types.ts";
import { ErrorText, Field } from "../../components/ui.tsx";
import { navigate } from "../../lib/router.ts";
import { loadSession } from "../../lib/session.ts";
import { useLoad } from "../../lib/use-load.ts";
import { OtherSignIn } from "./other-sign-in.tsx";
import { SecondFactor } from "./second-factor.tsx";
import { t } from "../../i18n/i18n.ts";

type Mode = "sign-in" | "sign-up";

/** Sign-in and sign-up, with the sign-in methods the server has enabled. */
export function AuthScreen() {
  const settings = useLoad(() => get<AuthSettings>("/api/auth/settings"), []);
  const [mode, setMode] = useState<Mode>("sign-in");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const s = settings.data;

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const body = Object.fromEntries(form) as Record<string, string>;
    setBusy(true);
    setError(null);
    try {
      const answer = await post<{ twoFactorRedirect?: boolean }>(`/api/auth/${mode}/email`, body);
      if (answer.twoFactorRedirect) return setPendingEmail(body.email!);
      if (mode === "sign-up") navigate("/welcome");
      await loadSession();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (pendingEmail)
    return <SecondFactor email={pendingEmail} onBack={() => setPendingEmail(null)} />;
  const signingUp = mode === "sign-up";
  // Hidden while the administrator has turned password sign-in off.
  const passwords = s?.email.enabled !== false;
  return (
    <div class="auth">
      <h1 tabIndex={-1}>{signingUp ? t("auth.createTitle") : t("auth.signInTitle")}</h1>
      {passwords && (
        <form onSubmit={submit} class="stack">
          {signingUp && <Field label={t("auth.name")} name="name" autocomplete="name" required />}
          <Field
            label={t("auth.email")}
            name="email"
            type="email"
            autocomplete="username"
            required
          />
          <Field
            label={t("auth.password")}
            name="password"
            type="password"
            autocomplete={signingUp ? "new-password" : "current-password"}
            minLength={signingUp ? 8 : undefined}
            required
          />
          <ErrorText error={error} />
          <button type="submit" class="primary" disabled={busy}>
            {signingUp ? t("auth.createAccount") : t("auth.signIn")}
          </button>
        </form>
      )}
      {s && !signingUp && <OtherSignIn settings={s} />}
      {passwords && (signingUp || s?.signup.enabled) && (
        <p>
          {signingUp ? t("auth.haveAccount") : t("auth.newHere")}{" "}
          <button
            type="button"
            class="link-button"
            onClick={() => setMode(signingUp ? "sign-in" : "sign-up")}
          >
            {signingUp ? t("auth.signIn") : t("auth.createAnAccount")}
          </button>
        </p>
      )}
    </div>
  );
}
