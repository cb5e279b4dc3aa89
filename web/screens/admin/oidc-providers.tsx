import { useState } from "preact/hooks";
import { del, get, post, put } from "../../api/client.ts";
import { Card, ErrorText, Notice, Page, Placeholder } from "../../components/ui.tsx";
import { useAction } from "../../lib/use-action.ts";
import { useLoad } from "../../lib/use-load.ts";
import { t, tr } from "../../i18n/i18n.ts";
import { AdminTabs } from "./admin-tabs.tsx";
import { ProviderFields, readProvider, type OidcProvider } from "./oidc-provider-form.tsx";

/** Identity providers for single sign-on: list, add, change and remove. */
export function OidcProviders() {
  const providers = useLoad(() => get<OidcProvider[]>("/api/admin/oidc-providers"), []);
  const [editing, setEditing] = useState<OidcProvider | null>(null);
  const { run, error, notice } = useAction(() => {
    setEditing(null);
    providers.reload();
  });
  const save = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const body = readProvider(new FormData(form), Boolean(editing));
    if (editing) run(put(`/api/admin/oidc-providers/${editing.id}`, body), t("oidc.saved"));
    else run(post("/api/admin/oidc-providers", body), t("oidc.added")).then(() => form.reset());
  };
  const remove = (provider: OidcProvider) => {
    if (!confirm(t("oidc.confirmRemove", { name: provider.display_name }))) return;
    run(del(`/api/admin/oidc-providers/${provider.id}`), t("oidc.removed"));
  };
  const list = providers.data;
  return (
    <Page title={t("admin.oidcProviders")}>
      <AdminTabs current="/oidc" />
      {notice && <Notice>{notice}</Notice>}
      <Card title={t("oidc.providers")}>
        {!list ? (
          <Placeholder height={80} />
        ) : list.length ? (
          <ul class="list account-list">
            {list.map((p) => (
              <li class="key-row">
                <span>
                  <strong>{p.display_name}</strong> <code>{p.slug}</code>
                  <span class="hint">
                    {p.issuer_url} · {p.enabled ? t("oidc.onSignIn") : t("oidc.turnedOff")}
                  </span>
                </span>
                <span class="actions">
                  <button type="button" onClick={() => setEditing(p)}>
                    {t("oidc.edit")}
                    <span class="visually-hidden"> {p.display_name}</span>
                  </button>
                  <button type="button" onClick={() => remove(p)}>
                    {t("oidc.remove")}
                    <span class="visually-hidden"> {p.display_name}</span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("oidc.none")}</p>
        )}
        {list?.[0]?.redirect_uri && (
          <p class="hint">{tr("oidc.redirect", { uri: <code>{list[0].redirect_uri}</code> })}</p>
        )}
      </Card>
      <Card
        title={editing ? t("oidc.editName", { name: editing.display_name }) : t("oidc.addTitle")}
      >
        <form class="stack" onSubmit={save} key={editing?.id ?? "new"}>
          <ProviderFields current={editing ?? undefined} />
          <ErrorText error={error ?? providers.error} />
          <div class="actions">
            <button type="submit" class="primary">
              {editing ? t("oidc.save") : t("oidc.add")}
            </button>
            {editing && (
              <button type="button" onClick={() => setEditing(null)}>
                {t("oidc.cancel")}
              </button>
            )}
          </div>
        </form>
      </Card>
    </Page>
  );
}
