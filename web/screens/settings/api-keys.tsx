import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import type { ApiKey } from "../../api/types.ts";
import { Card, ErrorText, Field, Placeholder } from "../../components/ui.tsx";
import { formatDay } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { NewKey } from "./new-key.tsx";

const PERMISSIONS: [string, string][] = [
  ["health_data_write", "Sync health data (phone apps)"],
  ["mcp", "AI assistants (MCP)"],
];

/** API keys for phone apps and assistants; a new key is shown once, with a copy button. */
export function ApiKeys() {
  const keys = useLoad(() => get<ApiKey[]>("/api/identity/user-api-keys"), []);
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const create = async (event: Event) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    const permissions = form.getAll("permissions").map(String);
    try {
      const answer = await post<{ apiKey: { key: string } }>(
        "/api/identity/user/generate-api-key",
        {
          name: form.get("name"),
          permissions,
        },
      );
      setCreated(answer.apiKey.key);
      setError(null);
      formElement.reset();
      keys.reload();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const revoke = async (key: ApiKey) => {
    if (!confirm(`Revoke the key “${key.name}”? Apps using it stop syncing.`)) return;
    await del(`/api/identity/user/api-key/${key.id}`).then(keys.reload, (e) =>
      setError(errorMessage(e)),
    );
  };

  return (
    <>
      <Card title="Create an API key">
        <form class="stack" onSubmit={create}>
          <Field label="Name" name="name" required placeholder="My phone" />
          <fieldset>
            <legend>Allowed to</legend>
            {PERMISSIONS.map(([value, label]) => (
              <label class="check">
                <input
                  type="checkbox"
                  name="permissions"
                  value={value}
                  checked={value === "health_data_write"}
                />{" "}
                {label}
              </label>
            ))}
          </fieldset>
          <ErrorText error={error} />
          <button type="submit" class="primary">
            Create key
          </button>
        </form>
        {created && <NewKey value={created} />}
      </Card>
      <Card title="Your keys">
        {!keys.data ? (
          <Placeholder height={80} />
        ) : keys.data.length ? (
          <ul class="list">
            {keys.data.map((key) => (
              <li class="key-row">
                <span>
                  <strong>{key.name}</strong> <code>{key.prefix}…</code>
                  <span class="hint">
                    {" "}
                    {key.permissions.join(", ")} · created{" "}
                    {formatDay(key.createdAt.slice(0, 10), "short")}
                    {key.lastUsedAt
                      ? ` · last used ${formatDay(key.lastUsedAt.slice(0, 10), "short")}`
                      : " · never used"}
                  </span>
                </span>
                <button type="button" onClick={() => revoke(key)}>
                  Revoke<span class="visually-hidden"> {key.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>No API keys yet.</p>
        )}
      </Card>
    </>
  );
}
