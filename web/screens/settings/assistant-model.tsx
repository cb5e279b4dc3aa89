import { useState } from "preact/hooks";
import { del, errorMessage, get, put } from "../../api/client.ts";
import { ModelFields, readModel, type ModelSettings } from "../../components/model-fields.tsx";
import { Card, ErrorText, Notice, Placeholder } from "../../components/ui.tsx";
import { useLoad } from "../../lib/use-load.ts";
import { t } from "../../i18n/i18n.ts";

type Answer = {
  allow_user_settings: boolean;
  own: ModelSettings | null;
  server_model: string | null;
};

/** The user's own assistant model, when the administrator allows one. */
export function AssistantModel() {
  const settings = useLoad(() => get<Answer>("/api/chat/settings"), []);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const done = (message: string) => () => (setSaved(message), settings.reload());
  const fail = (e: unknown) => setError(errorMessage(e));
  const save = (event: Event) => {
    event.preventDefault();
    put("/api/chat/settings", readModel(new FormData(event.currentTarget as HTMLFormElement))).then(
      done(t("assistantModel.saved")),
      fail,
    );
  };
  const s = settings.data;
  return (
    <Card title={t("assistantModel.title")}>
      {!s ? (
        <Placeholder height={120} />
      ) : !s.allow_user_settings ? (
        <p>
          {s.server_model
            ? t("assistantModel.serverOnlyNamed", { model: s.server_model })
            : t("assistantModel.serverOnly")}
        </p>
      ) : (
        <form class="stack" onSubmit={save}>
          <p class="hint">
            {t("assistantModel.serverModel", {
              model: s.server_model ?? t("assistantModel.noneConfigured"),
            })}
          </p>
          <ModelFields current={s.own ?? undefined} />
          <div class="actions">
            <button type="submit" class="primary">
              {t("assistantModel.save")}
            </button>
            {s.own && (
              <button
                type="button"
                onClick={() =>
                  del("/api/chat/settings").then(done(t("assistantModel.reverted")), fail)
                }
              >
                {t("assistantModel.useServer")}
              </button>
            )}
          </div>
        </form>
      )}
      {saved && <Notice>{saved}</Notice>}
      <ErrorText error={error ?? settings.error} />
    </Card>
  );
}
