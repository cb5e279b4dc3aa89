import { useState } from "preact/hooks";
import { del, errorMessage, get, post } from "../../api/client.ts";
import type { ApiKey } from "../../api/types.ts";
import { Card, ErrorText, Field, Placeholder } from "../../components/ui.tsx";
import { formatDay } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { t, type MessageKey } from "../../i18n/i18n.ts";
import { NewKey } from "./new-key.tsx";

/** The four key permissions (src/apikeys/keys.ts), each with what it adds. */
const PERMISSIONS: [string, MessageKey][] = [
  ["health_data_write", "apiKeys.healthDataWrite"],
  ["data_read", "apiKeys.dataRead"],
  ["data_write", "apiKeys.dataWrite"],
  ["mcp", "apiKeys.mcp"],
];
const ALL = PERMISSIONS.map(([value]) => value);
/** A new key may only sync a phone's health data: the least a phone sync needs. */
const SYNC_ONLY = ["health_data_write"];
/** What the phone app does with its key: sync, and read and change the data it shows. */
const PHONE_APP = ["health_data_write", "data_read", "data_write"];

/** API keys for phone apps and assistants; a new key is shown once, with a copy button. */
export function ApiKeys() {
  const keys = useLoad(() => get<ApiKey[]>("/api/identity/user-api-keys"), []);
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string[]>(SYNC_ONLY);
  const toggle = (value: string, on: boolean) =>
    setChosen((now) => ALL.filter((p) => (p === value ? on : now.includes(p))));

  const create = async (event: Event) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    try {
      const answer = await post<{ apiKey: { key: string } }>(
        "/api/identity/user/generate-api-key",
        {
          name: form.get("name"),
          permissions: chosen,
        },
      );
      setCreated(answer.apiKey.key);
      setError(null);
      formElement.reset();
      setChosen(SYNC_ONLY);
      keys.reload();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const revoke = async (key: ApiKey) => {
    if (!confirm(t("apiKeys.confirmRevoke", { name: key.name }))) return;
    await del(`/api/identity/user/api-key/${key.id}`).then(keys.reload, (e) =>
      setError(errorMessage(e)),
    );
  };

  return (
    <>
      <Card title={t("apiKeys.create")}>
        <form class="stack" onSubmit={create}>
          <Field
            label={t("apiKeys.name")}
            name="name"
            required
            placeholder={t("apiKeys.namePlaceholder")}
          />
          <fieldset>
            <legend>{t("apiKeys.allowedTo")}</legend>
            <p class="hint">{t("apiKeys.leastHint")}</p>
            <button type="button" class="link-button" onClick={() => setChosen(PHONE_APP)}>
              {t("apiKeys.phoneApp")}
            </button>
            {PERMISSIONS.map(([value, label]) => (
              <label class="check described">
                <input
                  type="checkbox"
                  name="permissions"
                  value={value}
                  checked={chosen.includes(value)}
                  onChange={(e) => toggle(value, (e.currentTarget as HTMLInputElement).checked)}
                />
                <span>
                  {t(label)} <code class="hint">{value}</code>
                </span>
              </label>
            ))}
          </fieldset>
          <ErrorText error={error} />
          <button type="submit" class="primary">
            {t("apiKeys.createKey")}
          </button>
        </form>
        {created && <NewKey value={created} />}
      </Card>
      <Card title={t("apiKeys.yourKeys")}>
        {!keys.data ? (
          <Placeholder height={80} />
        ) : keys.data.length ? (
          <ul class="list account-list">
            {keys.data.map((key) => (
              <li class="key-row">
                <span>
                  <strong>{key.name}</strong> <code>{key.prefix}…</code>
                  <span class="hint">
                    {key.permissions.join(", ")} ·{" "}
                    {t("apiKeys.created", { day: formatDay(key.createdAt.slice(0, 10), "short") })}
                    {" · "}
                    {key.lastUsedAt
                      ? t("apiKeys.lastUsed", {
                          day: formatDay(key.lastUsedAt.slice(0, 10), "short"),
                        })
                      : t("apiKeys.neverUsed")}
                  </span>
                </span>
                <button type="button" onClick={() => revoke(key)}>
                  {t("apiKeys.revoke")}
                  <span class="visually-hidden"> {key.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("apiKeys.none")}</p>
        )}
      </Card>
    </>
  );
}
