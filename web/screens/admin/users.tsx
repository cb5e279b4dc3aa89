import { useState } from "preact/hooks";
import { errorMessage, get, post, put } from "../../api/client.ts";
import type { AdminUser } from "../../api/types.ts";
import { Card, ErrorText, Notice, Page, Placeholder } from "../../components/ui.tsx";
import { formatDay } from "../../lib/dates.ts";
import { session } from "../../lib/session.ts";
import { useLoad } from "../../lib/use-load.ts";
import { AdminTabs } from "./admin-tabs.tsx";
import { AssistantSettings } from "./assistant-settings.tsx";
import { t } from "../../i18n/i18n.ts";

/** Every account (role, disable, password reset), and the assistant's server-wide settings. */
export function AdminUsers() {
  const users = useLoad(() => get<AdminUser[]>("/api/admin/users"), []);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const act = (work: Promise<unknown>, done: string) =>
    work.then(
      () => {
        setError(null);
        setNotice(done);
        users.reload();
      },
      (e) => setError(errorMessage(e)),
    );
  const resetPassword = (user: AdminUser) => {
    const password = prompt(t("adminUsers.newPassword", { email: user.email, min: 8 }));
    if (password)
      act(
        post(`/api/admin/users/${user.id}/reset-password`, { newPassword: password }),
        t("adminUsers.passwordReset", { email: user.email }),
      );
  };
  const me = session.value?.user.id;

  return (
    <Page title={t("admin.users")}>
      <AdminTabs current="" />
      <ErrorText error={error ?? users.error} />
      {notice && <Notice>{notice}</Notice>}
      <Card>
        {!users.data ? (
          <Placeholder height={200} />
        ) : (
          <div class="table-scroll" tabIndex={0} role="region" aria-label={t("admin.users")}>
            <table class="users-table">
              <thead>
                <tr>
                  <th scope="col">{t("adminUsers.user")}</th>
                  <th scope="col">{t("adminUsers.role")}</th>
                  <th scope="col">{t("adminUsers.status")}</th>
                  <th scope="col">{t("adminUsers.created")}</th>
                  <th scope="col">{t("adminUsers.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {users.data.map((user) => (
                  <tr>
                    <th scope="row">
                      {user.name} <span class="hint">{user.email}</span>
                    </th>
                    <td>
                      {user.role === "admin" ? t("adminUsers.administrator") : t("adminUsers.user")}
                    </td>
                    <td>{user.disabled ? t("adminUsers.disabled") : t("adminUsers.active")}</td>
                    <td>{formatDay(user.created_at.slice(0, 10), "short")}</td>
                    <td>
                      <div class="actions">
                        {user.id !== me && (
                          <>
                            <button
                              type="button"
                              onClick={() =>
                                act(
                                  put(`/api/admin/users/${user.id}/role`, {
                                    role: user.role === "admin" ? "user" : "admin",
                                  }),
                                  t("adminUsers.roleChanged"),
                                )
                              }
                            >
                              {user.role === "admin"
                                ? t("adminUsers.makeUser")
                                : t("adminUsers.makeAdmin")}
                            </button>
                            <button
                              type="button"
                              onClick={() =>
                                act(
                                  put(`/api/admin/users/${user.id}/status`, {
                                    disabled: !user.disabled,
                                  }),
                                  t("adminUsers.statusChanged"),
                                )
                              }
                            >
                              {user.disabled ? t("adminUsers.enable") : t("adminUsers.disable")}
                            </button>
                          </>
                        )}
                        <button type="button" onClick={() => resetPassword(user)}>
                          {t("adminUsers.resetPassword")}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
      <AssistantSettings />
    </Page>
  );
}
