import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { ErrorText, Field, Notice } from "../../components/ui.tsx";
import { loadSession } from "../../lib/session.ts";
import { useLoad } from "../../lib/use-load.ts";
import { t } from "../../i18n/i18n.ts";

type Factors = { mfa_totp_enabled: boolean; mfa_email_enabled: boolean };

const LABELS = {
  totp: "twoStep.totp",
  otp: "twoStep.otp",
  "backup-code": "twoStep.backup",
} as const;

/**
 * The second step of a sign-in: a code from an authenticator app or sent by email; `onBack`
 * returns to the sign-in form (another account, or another way in).
 */
export function SecondFactor({ email, onBack }: { email: string; onBack: () => void }) {
  const factors = useLoad(
    () => get<Factors>(`/api/auth/mfa-factors?email=${encodeURIComponent(email)}`),
    [email],
  );
  const [method, setMethod] = useState<"totp" | "otp" | "backup-code">("totp");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const verify = async (event: Event) => {
    event.preventDefault();
    const code = new FormData(event.currentTarget as HTMLFormElement).get("code");
    await post(`/api/auth/two-factor/verify-${method}`, { code }).then(loadSession, (e) =>
      setError(errorMessage(e)),
    );
  };
  const sendCode = async () => {
    await post("/api/auth/two-factor/send-otp").then(
      () => setSent(true),
      (e) => setError(errorMessage(e)),
    );
    setMethod("otp");
  };

  return (
    <div class="auth">
      <h1 tabIndex={-1}>{t("twoStep.title")}</h1>
      <form onSubmit={verify} class="stack">
        <Field
          label={t(LABELS[method])}
          name="code"
          inputMode="numeric"
          autocomplete="one-time-code"
          required
        />
        <ErrorText error={error} />
        {sent && <Notice>{t("twoStep.sent", { email })}</Notice>}
        <button type="submit" class="primary">
          {t("twoStep.verify")}
        </button>
      </form>
      {factors.data?.mfa_email_enabled && method !== "otp" && (
        <button type="button" onClick={sendCode}>
          {t("twoStep.emailInstead")}
        </button>
      )}
      {method !== "backup-code" && (
        <button type="button" onClick={() => setMethod("backup-code")}>
          {t("twoStep.useBackup")}
        </button>
      )}
      <button type="button" class="link-button" onClick={onBack}>
        {t("twoStep.back")}
      </button>
    </div>
  );
}
