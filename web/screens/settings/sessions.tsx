import { get, post } from "../../api/client.ts";
import type { SignInSession } from "../../api/types.ts";
import { Card, ErrorText, Notice, Placeholder } from "../../components/ui.tsx";
import { formatDay, formatTime } from "../../lib/dates.ts";
import { deviceName } from "../../lib/device.ts";
import { useAction } from "../../lib/use-action.ts";
import { useLoad } from "../../lib/use-load.ts";
import { t } from "../../i18n/i18n.ts";

const when = (instant: string) =>
  `${formatDay(instant.slice(0, 10), "short")} ${formatTime(instant)}`;

/** Where the account is signed in: sign out any other device, or all of them at once. */
export function Sessions() {
  const sessions = useLoad(() => get<SignInSession[]>("/api/auth/list-sessions"), []);
  const { run, error, notice } = useAction(sessions.reload);
  const signOut = (session: SignInSession) =>
    run(
      post("/api/auth/revoke-session", { id: session.id }),
      t("sessions.signedOut", { device: deviceName(session.userAgent) }),
    );
  const signOutOthers = () => {
    if (!confirm(t("sessions.confirmOthers"))) return;
    run(post("/api/auth/revoke-other-sessions"), t("sessions.othersSignedOut"));
  };

  if (!sessions.data) return <Placeholder height={160} />;
  const others = sessions.data.filter((s) => !s.current).length;
  // This device first, then the others from the most recently seen.
  const listed = [...sessions.data].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
  );
  return (
    <Card title={t("sessions.title")}>
      <ul class="list account-list">
        {listed.map((session) => {
          const device = deviceName(session.userAgent);
          return (
            <li class="key-row">
              <span>
                <strong title={session.userAgent ?? undefined}>{device}</strong>
                {session.current && <span class="badge">{t("sessions.thisDevice")}</span>}
                <span class="hint">
                  {session.ipAddress ? `${session.ipAddress} · ` : ""}
                  <span class="nowrap">
                    {t("sessions.signedIn", { when: when(session.createdAt) })}
                  </span>{" "}
                  ·{" "}
                  <span class="nowrap">
                    {t("sessions.lastSeen", { when: when(session.lastUsedAt) })}
                  </span>
                </span>
              </span>
              {!session.current && (
                <button type="button" onClick={() => signOut(session)}>
                  {t("sessions.signOut")}
                  <span class="visually-hidden"> {device}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <ErrorText error={error ?? sessions.error} />
      {notice && <Notice>{notice}</Notice>}
      {others > 0 ? (
        <button type="button" onClick={signOutOthers}>
          {t("sessions.signOutOthers")}
        </button>
      ) : (
        <p class="hint">{t("sessions.onlyHere")}</p>
      )}
    </Card>
  );
}
