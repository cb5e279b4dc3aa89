import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Field, Placeholder } from "../../components/ui.tsx";
import { formatDay, formatTime } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";

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

const STATUS: Record<Integration["status"], string> = {
  connected: "Connected",
  pending: "Not connected",
  disconnected: "Not connected",
  error: "Needs connecting again",
};
const when = (iso: string) => `${formatDay(iso.slice(0, 10), "short")} ${formatTime(iso)}`;

/** Settings → Integrations: each fitness service with its status; connect, sync, disconnect. */
export function Integrations() {
  const list = useLoad(() => get<Integration[]>("/api/integrations"), []);
  if (list.error) return <ErrorText error={list.error} />;
  if (!list.data) return <Placeholder height={240} label="Loading integrations" />;
  return (
    <Card title="Fitness services">
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
    void act(
      () => post(`${base}/connect`, { api_key: key }),
      "Connected; the first sync is queued.",
    );
  };
  const headingId = `integration-${service.provider}`;
  return (
    <li class="service" aria-labelledby={headingId}>
      <h3 id={headingId}>{service.name}</h3>
      {(service.configured || service.auth === "api_key") && (
        <p>
          {STATUS[service.status]}
          {service.last_sync_at && (
            <>
              {" "}
              · <span class="nowrap">last sync {when(service.last_sync_at)}</span>
            </>
          )}
          {service.last_error && <> · last error: {service.last_error}</>}
        </p>
      )}
      {service.connected ? (
        <div class="actions">
          <button type="button" onClick={() => act(() => post(`${base}/sync`, {}), "Sync queued.")}>
            Sync now
          </button>
          <button
            type="button"
            onClick={() =>
              confirm(`Disconnect ${service.name}? Synced data stays.`) &&
              act(() => post(`${base}/disconnect`))
            }
          >
            Disconnect
          </button>
        </div>
      ) : service.auth === "api_key" ? (
        <form class="inline-field wrap" onSubmit={connectWithKey}>
          <Field label={`${service.name} API key`} name="api_key" type="password" required />
          <button type="submit" class="primary">
            Connect
          </button>
        </form>
      ) : service.configured ? (
        <div class="actions">
          <button type="button" class="primary" onClick={connect}>
            Connect {service.name}
          </button>
        </div>
      ) : (
        <p class="hint">Not set up on this server: the administrator adds an app first.</p>
      )}
      {message && <p role="status">{message}</p>}
      <ErrorText error={error} />
    </li>
  );
}
