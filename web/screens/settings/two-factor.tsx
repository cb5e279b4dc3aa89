import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Notice, Placeholder } from "../../components/ui.tsx";
import { session } from "../../lib/session.ts";
import { useLoad } from "../../lib/use-load.ts";
import { t } from "../../i18n/i18n.ts";
import { BackupCodes, ManualKey } from "./two-factor-codes.tsx";

type Setup = { totpURI: string; qrCode: string; backupCodes: string[] };
type Factors = { mfa_totp_enabled: boolean; mfa_email_enabled: boolean };

/** Authenticator-app codes as a second sign-in step: set up with a QR code, or turn off. */
export function TwoFactor() {
  const email = session.value!.user.email;
  const factors = useLoad(
    () => get<Factors>(`/api/auth/mfa-factors?email=${encodeURIComponent(email)}`),
    [email],
  );
  const [setup, setSetup] = useState<Setup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    try {
      await work();
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const values = (event: Event) => {
    event.preventDefault();
    return Object.fromEntries(new FormData(event.currentTarget as HTMLFormElement)) as Record<
      string,
      string
    >;
  };
  const start = (event: Event) =>
    run(async () =>
      setSetup(
        await post<Setup>("/api/auth/two-factor/enable", { password: values(event).password }),
      ),
    );
  const confirm = (event: Event) =>
    run(async () => {
      await post("/api/auth/two-factor/verify-totp", { code: values(event).code });
      setSetup(null);
      setNotice(t("twoFactor.on"));
      factors.reload();
    });
  const disable = (event: Event) =>
    run(async () => {
      await post("/api/auth/two-factor/disable", values(event));
      setNotice(t("twoFactor.off"));
      factors.reload();
    });

  if (!factors.data) return <Placeholder height={160} />;
  return (
    <Card title={t("twoStep.title")}>
      {notice && <Notice>{notice}</Notice>}
      {setup ? (
        // Each form is keyed: without keys Preact would reuse one form's inputs for the next,
        // carrying a typed password into the code field and a code into "Turn off".
        <form class="stack" onSubmit={confirm} key="confirm">
          <p>{t("twoFactor.scan")}</p>
          <img src={setup.qrCode} alt={t("twoFactor.qrAlt")} class="qr" />
          <ManualKey uri={setup.totpURI} />
          <BackupCodes codes={setup.backupCodes} />
          <Field
            label={t("twoFactor.codeFromApp")}
            name="code"
            inputMode="numeric"
            autocomplete="one-time-code"
            required
          />
          <button type="submit" class="primary">
            {t("twoFactor.turnOn")}
          </button>
        </form>
      ) : factors.data.mfa_totp_enabled ? (
        <form class="stack" onSubmit={disable} key="disable">
          <p>{t("twoFactor.isOn")}</p>
          <Field
            label={t("auth.password")}
            name="password"
            type="password"
            autocomplete="current-password"
            required
          />
          <Field
            label={t("twoFactor.currentCode")}
            name="code"
            inputMode="numeric"
            autocomplete="one-time-code"
            required
          />
          <button type="submit">{t("twoFactor.turnOff")}</button>
        </form>
      ) : (
        <form class="stack" onSubmit={start} key="start">
          <p>{t("twoFactor.offHint")}</p>
          <Field
            label={t("auth.password")}
            name="password"
            type="password"
            autocomplete="current-password"
            required
          />
          <button type="submit" class="primary">
            {t("twoFactor.setUp")}
          </button>
        </form>
      )}
      <ErrorText error={error} />
    </Card>
  );
}
