import { get, post } from "../../api/client.ts";
import type { AuthSettings } from "../../api/types.ts";
import { Card, ErrorText, Field, Notice, Placeholder } from "../../components/ui.tsx";
import { formatDay } from "../../lib/dates.ts";
import { session } from "../../lib/session.ts";
import { useAction } from "../../lib/use-action.ts";
import { useLoad } from "../../lib/use-load.ts";
import { t, tr } from "../../i18n/i18n.ts";
import { passkeysSupported, registerPasskey } from "../../lib/webauthn.ts";

type Passkey = { id: string; name: string; created_at: string; last_used_at: string | null };

// The setting a server needs for passkeys, named as the README names it.
const PUBLIC_URL_VARIABLE = "SERVICE_FITNESS_PUBLIC_URL";

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
    run(registerPasskey(name), t("passkeys.added", { name })).then(() => form.reset());
  };
  const rename = (key: Passkey) => {
    const name = prompt(t("passkeys.newName"), key.name)?.trim();
    if (name)
      run(post("/api/auth/passkey/update-passkey", { id: key.id, name }), t("passkeys.renamed"));
  };
  const remove = (key: Passkey) => {
    if (!confirm(t("passkeys.confirmDelete", { name: key.name }))) return;
    run(
      post("/api/auth/passkey/delete-passkey", { id: key.id }),
      t("passkeys.deleted", { name: key.name }),
    );
  };

  if (!settings.data || !keys.data) return <Placeholder height={160} />;
  const usable = settings.data.passkeys.enabled && passkeysSupported();
  return (
    <>
      <Card title={t("passkeys.addTitle")}>
        {usable ? (
          <form class="inline-field wrap" onSubmit={add}>
            <Field
              label={t("passkeys.name")}
              name="name"
              required
              maxLength={100}
              placeholder={t("passkeys.namePlaceholder")}
            />
            <button type="submit" class="primary">
              {t("passkeys.add")}
            </button>
          </form>
        ) : (
          <>
            <p>
              {settings.data.passkeys.enabled ? t("passkeys.browserCannot") : t("passkeys.notOn")}
            </p>
            {!settings.data.passkeys.enabled && session.value?.user.role === "admin" && (
              <p class="hint">
                {tr("passkeys.setPublicUrl", {
                  variable: <code>{PUBLIC_URL_VARIABLE}</code>,
                  example: "https://fitness.example.com",
                })}
              </p>
            )}
          </>
        )}
        <ErrorText error={error ?? keys.error} />
        {notice && <Notice>{notice}</Notice>}
      </Card>
      <Card title={t("passkeys.yours")}>
        {keys.data.length ? (
          <ul class="list account-list">
            {keys.data.map((key) => (
              <li class="key-row">
                <span>
                  <strong>{key.name}</strong>
                  <span class="hint">
                    {t("passkeys.addedOn", { day: day(key.created_at) })}
                    {" · "}
                    {key.last_used_at
                      ? t("passkeys.lastUsed", { day: day(key.last_used_at) })
                      : t("passkeys.neverUsed")}
                  </span>
                </span>
                <span class="actions">
                  <button type="button" onClick={() => rename(key)}>
                    {t("passkeys.rename")}
                    <span class="visually-hidden"> {key.name}</span>
                  </button>
                  <button type="button" onClick={() => remove(key)}>
                    {t("passkeys.delete")}
                    <span class="visually-hidden"> {key.name}</span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("passkeys.none")}</p>
        )}
      </Card>
    </>
  );
}
