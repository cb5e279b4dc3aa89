import { get, post } from "../../api/client.ts";
import type { AuthSettings } from "../../api/types.ts";
import { Card, ErrorText, Field, Notice, Placeholder } from "../../components/ui.tsx";
import { formatDay } from "../../lib/dates.ts";
import { session } from "../../lib/session.ts";
import { useAction } from "../../lib/use-action.ts";
import { useLoad } from "../../lib/use-load.ts";
import { passkeysSupported, registerPasskey } from "../../lib/webauthn.ts";

type Passkey = { id: string; name: string; created_at: string; last_used_at: string | null };

const day = (instant: string) => formatDay(instant.slice(0, 10), "short");

/** The signed-in person's passkeys: add one from this device, rename or delete one. */
export function Passkeys() {
  const settings = useLoad(() => get<AuthSettings>("/api/auth/settings"), []);
  const keys = useLoad(() => get<Passkey[]>("/api/auth/passkey/list-user-passkeys"), []);
  const { run, error, notice } = useAction(keys.reload);
  const add = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const name = String(new FormData(form).get("name"));
    run(registerPasskey(name), `Passkey “${name}” added.`).then(() => form.reset());
  };
  const rename = (key: Passkey) => {
    const name = prompt("New name for the passkey", key.name)?.trim();
    if (name) run(post("/api/auth/passkey/update-passkey", { id: key.id, name }), "Renamed.");
  };
  const remove = (key: Passkey) => {
    if (!confirm(`Delete the passkey “${key.name}”? It can no longer sign you in.`)) return;
    run(post("/api/auth/passkey/delete-passkey", { id: key.id }), `Passkey “${key.name}” deleted.`);
  };

  if (!settings.data || !keys.data) return <Placeholder height={160} />;
  const usable = settings.data.passkeys.enabled && passkeysSupported();
  return (
    <>
      <Card title="Add a passkey">
        {usable ? (
          <form class="inline-field wrap" onSubmit={add}>
            <Field label="Passkey name" name="name" required maxLength={100} placeholder="Laptop" />
            <button type="submit" class="primary">
              Add passkey
            </button>
          </form>
        ) : (
          <>
            <p>
              {settings.data.passkeys.enabled
                ? "This browser cannot create passkeys."
                : "Passkeys are not turned on for this server yet: they need its public address."}
            </p>
            {!settings.data.passkeys.enabled && session.value?.user.role === "admin" && (
              <p class="hint">
                Set <code>SERVICE_FITNESS_PUBLIC_URL</code> (for example
                https://fitness.example.com) and restart the server.
              </p>
            )}
          </>
        )}
        <ErrorText error={error ?? keys.error} />
        {notice && <Notice>{notice}</Notice>}
      </Card>
      <Card title="Your passkeys">
        {keys.data.length ? (
          <ul class="list account-list">
            {keys.data.map((key) => (
              <li class="key-row">
                <span>
                  <strong>{key.name}</strong>
                  <span class="hint">
                    added {day(key.created_at)}
                    {key.last_used_at ? ` · last used ${day(key.last_used_at)}` : " · never used"}
                  </span>
                </span>
                <span class="actions">
                  <button type="button" onClick={() => rename(key)}>
                    Rename<span class="visually-hidden"> {key.name}</span>
                  </button>
                  <button type="button" onClick={() => remove(key)}>
                    Delete<span class="visually-hidden"> {key.name}</span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>No passkeys yet.</p>
        )}
      </Card>
    </>
  );
}
