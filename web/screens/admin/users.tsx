import { useState } from "preact/hooks";
import { errorMessage, get, post, put } from "../../api/client.ts";
import type { AdminUser } from "../../api/types.ts";
import { Card, ErrorText, Notice, Page, Placeholder } from "../../components/ui.tsx";
import { formatDay } from "../../lib/dates.ts";
import { session } from "../../lib/session.ts";
import { useLoad } from "../../lib/use-load.ts";
import { AdminTabs } from "./admin-tabs.tsx";
import { AssistantSettings } from "./assistant-settings.tsx";

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
    const password = prompt(`New password for ${user.email} (at least 8 characters)`);
    if (password)
      act(
        post(`/api/admin/users/${user.id}/reset-password`, { newPassword: password }),
        `Password of ${user.email} reset.`,
      );
  };
  const me = session.value?.user.id;

  return (
    <Page title="Users">
      <AdminTabs current="" />
      <ErrorText error={error ?? users.error} />
      {notice && <Notice>{notice}</Notice>}
      <Card>
        {!users.data ? (
          <Placeholder height={200} />
        ) : (
          <div class="table-scroll" tabIndex={0} role="region" aria-label="Users">
            <table class="users-table">
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {users.data.map((user) => (
                  <tr>
                    <th scope="row">
                      {user.name} <span class="hint">{user.email}</span>
                    </th>
                    <td>{user.role === "admin" ? "Administrator" : "User"}</td>
                    <td>{user.disabled ? "Disabled" : "Active"}</td>
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
                                  "Role changed.",
                                )
                              }
                            >
                              {user.role === "admin" ? "Make user" : "Make admin"}
                            </button>
                            <button
                              type="button"
                              onClick={() =>
                                act(
                                  put(`/api/admin/users/${user.id}/status`, {
                                    disabled: !user.disabled,
                                  }),
                                  "Status changed.",
                                )
                              }
                            >
                              {user.disabled ? "Enable" : "Disable"}
                            </button>
                          </>
                        )}
                        <button type="button" onClick={() => resetPassword(user)}>
                          Reset password
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
