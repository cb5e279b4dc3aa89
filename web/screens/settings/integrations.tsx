import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Placeholder } from "../../components/ui.tsx";
import { formatDay, formatTime } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";

/** A fitness service and the caller's connection, as GET /api/integrations lists them. */
export type Integration = {
  provider: string;
  name: string;
  auth: "oauth2" | "api_key";
  configured: boolean;
  connected: boolean;
  status: "disconnected" | "pending" | "connected" | "error";
  last_sync_at: string | null;
  last_error: string | null;
  next_sync_at: string | null;
};

const STATUS: Record<Integration["status"], MessageKey> = {
  connected: "integrations.statusConnected",
  pending: "integrations.statusNotConnected",
  disconnected: "integrations.statusNotConnected",
  error: "integrations.statusError",
};
const when = (iso: string) => `${formatDay(iso.slice(0, 10), "short")} ${formatTime(iso)}`;

/** Settings → Integrations: each fitness service with its status; connect, sync, disconnect. */
export function Integrations() {
  const list = useLoad(() => get<Integration[]>("/api/integrations"), []);
  if (list.error) return <ErrorText error={list.error} />;
  if (!list.data) return <Placeholder height={240} label={t("integrations.loading")} />;
  return (
    <Card title={t("integrations.title")}>
      <ul class="list services">
        {list.data.map((service) => (
          <ServiceRow key={service.provider} service={service} reload={list.reload} />
        ))}
      </ul>
    </Card>
  );
}

function ServiceRow({ service, reload }: { service: Integration; reload: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const base = `/api/integrations/${service.provider}`;
  const act = async (fn: () => Promise<unknown>, done?: string) => {
    try {
      await fn();
      setError(null);
      setMessage(done ?? null);
      reload();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const connect = () =>
    act(async () => {
      const { authUrl } = await get<{ authUrl: string }>(`${base}/authorize`);
      location.assign(authUrl);
    });
  const connectWithKey = (event: Event) => {
    event.preventDefault();
    const key = new FormData(event.currentTarget as HTMLFormElement).get("api_key");
    void act(() => post(`${base}/connect`, { api_key: key }), t("integrations.keyConnected"));
  };
  const headingId = `integration-${service.provider}`;
  return (
    <li class="service" aria-labelledby={headingId}>
      <h3 id={headingId}>{service.name}</h3>
      {(service.configured || service.auth === "api_key") && (
        <p>
          {t(STATUS[service.status])}
          {service.last_sync_at && (
            <>
              {" "}
              ·{" "}
              <span class="nowrap">
                {t("integrations.lastSync", { when: when(service.last_sync_at) })}
              </span>
            </>
          )}
          {service.last_error && (
            <> · {t("integrations.lastError", { error: service.last_error })}</>
          )}
        </p>
      )}
      {service.connected ? (
        <div class="actions">
          <button
            type="button"
            onClick={() => act(() => post(`${base}/sync`, {}), t("integrations.syncQueued"))}
          >
            {t("integrations.syncNow")}
          </button>
          <button
            type="button"
            onClick={() =>
              confirm(t("integrations.confirmDisconnect", { name: service.name })) &&
              act(() => post(`${base}/disconnect`))
            }
          >
            {t("integrations.disconnect")}
          </button>
        </div>
      ) : service.auth === "api_key" ? (
        <form class="inline-field wrap" onSubmit={connectWithKey}>
          <Field
            label={t("integrations.apiKey", { name: service.name })}
            name="api_key"
            type="password"
            required
          />
          <button type="submit" class="primary">
            {t("integrations.connect")}
          </button>
        </form>
      ) : service.configured ? (
        <div class="actions">
          <button type="button" class="primary" onClick={connect}>
            {t("integrations.connectName", { name: service.name })}
          </button>
        </div>
      ) : (
        <p class="hint">{t("integrations.notSetUp")}</p>
      )}
      {message && <p role="status">{message}</p>}
      <ErrorText error={error} />
    </li>
  );
}
