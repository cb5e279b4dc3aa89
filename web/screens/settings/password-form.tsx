import { useState } from "preact/hooks";
import { errorMessage, post } from "../../api/client.ts";
import { ErrorText, Field, Notice } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";

export function PasswordForm() {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const save = async (event: Event) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = Object.fromEntries(new FormData(formElement)) as Record<string, string>;
    if (form.newPassword !== form.repeat) return setError(t("password.differ"));
    setError(null);
    try {
      await post("/api/identity/update-password", {
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
      formElement.reset();
      setDone(true);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <form class="stack" onSubmit={save}>
      <Field
        label={t("password.current")}
        name="currentPassword"
        type="password"
        autocomplete="current-password"
        required
      />
      <Field
        label={t("password.new")}
        name="newPassword"
        type="password"
        autocomplete="new-password"
        minLength={8}
        required
      />
      <Field
        label={t("password.repeat")}
        name="repeat"
        type="password"
        autocomplete="new-password"
        required
      />
      <ErrorText error={error} />
      {done && <Notice>{t("password.changed")}</Notice>}
      <button type="submit" class="primary">
        {t("settings.changePassword")}
      </button>
    </form>
  );
}
