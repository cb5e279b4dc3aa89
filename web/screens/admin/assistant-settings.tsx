import { useState } from "preact/hooks";
import { errorMessage, get, put } from "../../api/client.ts";
import { ModelFields, readModel, type ModelSettings } from "../../components/model-fields.tsx";
import { Card, ErrorText, Field, Notice, Placeholder } from "../../components/ui.tsx";
import { useLoad } from "../../lib/use-load.ts";
import { t } from "../../i18n/i18n.ts";

type Settings = ModelSettings & {
  allow_user_settings: boolean;
  allow_private_network: boolean;
  daily_request_limit: number;
  max_context_messages: number;
};

/** The server's assistant model for everyone, and its limits. */
export function AssistantSettings() {
  const settings = useLoad(() => get<Settings>("/api/admin/chat/settings"), []);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    put("/api/admin/chat/settings", {
      ...readModel(form),
      allow_user_settings: form.get("allow_user_settings") === "on",
      allow_private_network: form.get("allow_private_network") === "on",
      daily_request_limit: Number(form.get("daily_request_limit")),
      max_context_messages: Number(form.get("max_context_messages")),
    }).then(
      () => (setSaved(true), settings.reload()),
      (e) => setError(errorMessage(e)),
    );
  };
  const s = settings.data;
  return (
    <Card title={t("admin.assistant")}>
      {!s ? (
        <Placeholder height={200} />
      ) : (
        <form class="stack" onSubmit={save}>
          <ModelFields current={s} />
          <div class="grid wide-fields">
            <Field
              label={t("admin.dailyLimit")}
              name="daily_request_limit"
              type="number"
              min="0"
              defaultValue={String(s.daily_request_limit)}
            />
            <Field
              label={t("admin.contextMessages")}
              name="max_context_messages"
              type="number"
              min="1"
              defaultValue={String(s.max_context_messages)}
            />
          </div>
          <label class="check">
            <input
              type="checkbox"
              name="allow_user_settings"
              defaultChecked={s.allow_user_settings}
            />{" "}
            {t("admin.ownModels")}
          </label>
          <label class="check">
            <input
              type="checkbox"
              name="allow_private_network"
              defaultChecked={s.allow_private_network}
            />{" "}
            {t("admin.privateNetwork")}
          </label>
          <button type="submit" class="primary">
            {t("admin.saveAssistant")}
          </button>
          {saved && <Notice>{t("admin.assistantSaved")}</Notice>}
          <ErrorText error={error ?? settings.error} />
        </form>
      )}
    </Card>
  );
}
