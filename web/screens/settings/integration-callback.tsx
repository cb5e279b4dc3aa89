import { useEffect, useState } from "preact/hooks";
import { errorMessage, post } from "../../api/client.ts";
import { ErrorText, Page } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import type { Integration } from "./integrations.tsx";

/**
 * Where a service sends the browser back after the user approved (or refused) access:
 * /integrations/<provider>/callback?code=...&state=... . Posts the code and state to the
 * server, which exchanges them, and shows the result.
 */
export function IntegrationCallback({ provider }: { provider: string }) {
  const [result, setResult] = useState<{ connected?: Integration; error?: string }>({});
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const code = query.get("code");
    const state = query.get("state");
    if (!code || !state) {
      setResult({
        error: query.get("error_description") ?? query.get("error") ?? t("integrations.notGranted"),
      });
      return;
    }
    post<Integration>(`/api/integrations/${provider}/callback`, { code, state }).then(
      (connected) => setResult({ connected }),
      (e) => setResult({ error: errorMessage(e) }),
    );
  }, [provider]);
  return (
    <Page title={t("integrations.connectingTitle")}>
      {result.connected ? (
        <p role="status">{t("integrations.connected", { name: result.connected.name })}</p>
      ) : result.error ? (
        <ErrorText error={result.error} />
      ) : (
        <p role="status">{t("integrations.connecting")}</p>
      )}
      <p>
        <a href="/#/settings/integrations">{t("integrations.back")}</a>
      </p>
    </Page>
  );
}
