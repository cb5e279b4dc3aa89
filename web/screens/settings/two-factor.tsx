import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Notice, Placeholder } from "../../components/ui.tsx";
import { session } from "../../lib/session.ts";
import { useLoad } from "../../lib/use-load.ts";
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
      setNotice("Two-step verification is on.");
      factors.reload();
    });
  const disable = (event: Event) =>
    run(async () => {
      await post("/api/auth/two-factor/disable", values(event));
      setNotice("Two-step verification is off.");
      factors.reload();
    });

  if (!factors.data) return <Placeholder height={160} />;
  return (
    <Card title="Two-step verification">
      {notice && <Notice>{notice}</Notice>}
      {setup ? (
        // Each form is keyed: without keys Preact would reuse one form's inputs for the next,
        // carrying a typed password into the code field and a code into "Turn off".
        <form class="stack" onSubmit={confirm} key="confirm">
          <p>Scan the code with your authenticator app, then type the code it shows.</p>
          <img
            src={setup.qrCode}
            alt="QR code to add this account to an authenticator app"
            class="qr"
          />
          <ManualKey uri={setup.totpURI} />
          <BackupCodes codes={setup.backupCodes} />
          <Field
            label="Code from the app"
            name="code"
            inputMode="numeric"
            autocomplete="one-time-code"
            required
          />
          <button type="submit" class="primary">
            Turn on
          </button>
        </form>
      ) : factors.data.mfa_totp_enabled ? (
        <form class="stack" onSubmit={disable} key="disable">
          <p>Sign-in asks for a code from your authenticator app.</p>
          <Field
            label="Password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
          />
          <Field
            label="Current code"
            name="code"
            inputMode="numeric"
            autocomplete="one-time-code"
            required
          />
          <button type="submit">Turn off</button>
        </form>
      ) : (
        <form class="stack" onSubmit={start} key="start">
          <p>Add a code from an authenticator app to every sign-in.</p>
          <Field
            label="Password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
          />
          <button type="submit" class="primary">
            Set up
          </button>
        </form>
      )}
      <ErrorText error={error} />
    </Card>
  );
}
