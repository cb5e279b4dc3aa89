import { useState } from "preact/hooks";
import { del, errorMessage, get, put } from "../../api/client.ts";
import type { ExternalProvider, ProviderType } from "../../api/provider-types.ts";
import { Card, ErrorText, Notice, Placeholder } from "../../components/ui.tsx";
import { useLoad } from "../../lib/use-load.ts";
import { t } from "../../i18n/i18n.ts";
import { useSwitches } from "../../lib/use-switches.ts";
import { ProviderForm } from "./provider-form.tsx";

/** Whether a provider answers with its settings: one search through it (the API has no ping). */
async function testConnection(provider: ExternalProvider): Promise<string> {
  const query = new URLSearchParams({ query: "apple", pageSize: "1", providerId: provider.id });
  const found = await get<{ pagination: { totalCount: number } }>(
    `/api/v2/foods/search/${provider.provider_type}?${query}`,
  );
  return t("foodProviders.answered", {
    name: provider.provider_name,
    count: found.pagination.totalCount,
  });
}

/**
 * The user's food providers in search order: the first is the default, searched and asked
 * for barcodes first. Add, change, enable, remove and test one.
 */
export function FoodProviders() {
  const providers = useLoad(() => get<ExternalProvider[]>("/api/external-providers"), []);
  const types = useLoad(() => get<ProviderType[]>("/api/external-providers/types"), []);
  const [editing, setEditing] = useState<ExternalProvider | "new" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const switches = useSwitches(providers.data);
  const list = providers.data ?? [];
  // The default is the first food provider; exercise databases (wger, ...) have no order.
  const foodDefault = list.find((p) => p.categories.includes("food"));
  const label = (type: string) =>
    types.data?.find((p) => p.provider_type === type)?.display_name ?? type;

  const run = async (action: () => Promise<string | void>) => {
    setError(null);
    setNotice(null);
    try {
      const message = await action();
      if (message) setNotice(message);
    } catch (e) {
      setError(errorMessage(e));
    }
    providers.reload();
  };
  const makeDefault = (chosen: ExternalProvider) =>
    run(async () => {
      const others = list.filter((p) => p.editable && p.id !== chosen.id);
      await put(`/api/external-providers/${chosen.id}`, { sort_order: 0 });
      for (const [i, p] of others.entries())
        await put(`/api/external-providers/${p.id}`, { sort_order: i + 1 });
      return t("foodProviders.isDefault", { name: chosen.provider_name });
    });
  const setActive = (p: ExternalProvider, is_active: boolean) => {
    switches.choose(p.id, is_active);
    run(() => put(`/api/external-providers/${p.id}`, { is_active }).then(() => {}));
  };
  const remove = (p: ExternalProvider) =>
    run(() => del<{ message: string }>(`/api/external-providers/${p.id}`).then((a) => a.message));
  const saved = () => {
    setEditing(null);
    run(async () => t("foodProviders.saved"));
  };

  return (
    <Card title={t("foodProviders.title")}>
      <p class="hint">{t("foodProviders.hint")}</p>
      <div class="actions">
        <button type="button" disabled={!types.data} onClick={() => setEditing("new")}>
          {t("foodProviders.add")}
        </button>
      </div>
      {editing && types.data && (
        <ProviderForm
          key={editing === "new" ? "new" : editing.id}
          types={types.data}
          provider={editing === "new" ? undefined : editing}
          onSaved={saved}
          onCancel={() => setEditing(null)}
        />
      )}
      {notice && <Notice>{notice}</Notice>}
      <ErrorText error={error ?? providers.error ?? types.error} />
      {!providers.data ? (
        <Placeholder height={120} />
      ) : (
        <ul class="list">
          {list.map((p) => (
            <li class="key-row provider-row">
              <span class="entry-name">
                {p.provider_name}
                <small>
                  {label(p.provider_type)}
                  {p === foodDefault && ` · ${t("foodProviders.default")}`}
                  {!p.is_active && ` · ${t("foodProviders.disabled")}`}
                  {!p.editable && ` · ${t("foodProviders.byServer")}`}
                  {p.has_app_key && ` · ${t("foodProviders.keySaved")}`}
                </small>
              </span>
              {/* A food search is the test; an exercise-only database (wger, free-exercise-db) has none. */}
              {p.categories.some((c) => c !== "exercise") && (
                <button
                  type="button"
                  class="link-button"
                  aria-label={t("foodProviders.testName", { name: p.provider_name })}
                  onClick={() => run(() => testConnection(p))}
                >
                  {t("foodProviders.test")}
                </button>
              )}
              {p.editable && (
                <>
                  {p !== foodDefault && p.categories.includes("food") && (
                    <button type="button" class="link-button" onClick={() => makeDefault(p)}>
                      {t("foodProviders.makeDefaultName", { name: p.provider_name })}
                    </button>
                  )}
                  <label class="check">
                    <input
                      type="checkbox"
                      checked={switches.shown(p.id, p.is_active)}
                      onChange={(e) => setActive(p, (e.currentTarget as HTMLInputElement).checked)}
                    />
                    {t("foodProviders.enabled")}
                    <span class="visually-hidden"> {p.provider_name}</span>
                  </label>
                  <button
                    type="button"
                    class="link-button"
                    aria-label={t("foodProviders.editName", { name: p.provider_name })}
                    onClick={() => setEditing(p)}
                  >
                    {t("foodProviders.edit")}
                  </button>
                  <button
                    type="button"
                    class="link-button"
                    aria-label={t("foodProviders.deleteName", { name: p.provider_name })}
                    onClick={() => remove(p)}
                  >
                    {t("foodProviders.delete")}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
