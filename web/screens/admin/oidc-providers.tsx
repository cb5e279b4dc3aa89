import { useState } from "preact/hooks";
import { del, get, post, put } from "../../api/client.ts";
import { Card, ErrorText, Notice, Page, Placeholder } from "../../components/ui.tsx";
import { useAction } from "../../lib/use-action.ts";
import { useLoad } from "../../lib/use-load.ts";
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
    if (editing) run(put(`/api/admin/oidc-providers/${editing.id}`, body), "Provider saved.");
    else run(post("/api/admin/oidc-providers", body), "Provider added.").then(() => form.reset());
  };
  const remove = (provider: OidcProvider) => {
    if (!confirm(`Remove ${provider.display_name}? Its users keep their accounts.`)) return;
    run(del(`/api/admin/oidc-providers/${provider.id}`), "Provider removed.");
  };
  const list = providers.data;
  return (
    <Page title="OIDC providers">
      <AdminTabs current="/oidc" />
      {notice && <Notice>{notice}</Notice>}
      <Card title="Providers">
        {!list ? (
          <Placeholder height={80} />
        ) : list.length ? (
          <ul class="list account-list">
            {list.map((p) => (
              <li class="key-row">
                <span>
                  <strong>{p.display_name}</strong> <code>{p.slug}</code>
                  <span class="hint">
                    {p.issuer_url} · {p.enabled ? "on the sign-in screen" : "turned off"}
                  </span>
                </span>
                <span class="actions">
                  <button type="button" onClick={() => setEditing(p)}>
                    Edit<span class="visually-hidden"> {p.display_name}</span>
                  </button>
                  <button type="button" onClick={() => remove(p)}>
                    Remove<span class="visually-hidden"> {p.display_name}</span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>
            No providers yet. Add one below to let people sign in with Authentik, Keycloak, Google
            or another OpenID Connect service.
          </p>
        )}
        {list?.[0]?.redirect_uri && (
          <p class="hint">
            Register this redirect URI at the provider: <code>{list[0].redirect_uri}</code>
          </p>
        )}
      </Card>
      <Card title={editing ? `Edit ${editing.display_name}` : "Add a provider"}>
        <form class="stack" onSubmit={save} key={editing?.id ?? "new"}>
          <ProviderFields current={editing ?? undefined} />
          <ErrorText error={error ?? providers.error} />
          <div class="actions">
            <button type="submit" class="primary">
              {editing ? "Save provider" : "Add provider"}
            </button>
            {editing && (
              <button type="button" onClick={() => setEditing(null)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      </Card>
    </Page>
  );
}
