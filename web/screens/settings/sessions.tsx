import { get, post } from "../../api/client.ts";
import type { SignInSession } from "../../api/types.ts";
import { Card, ErrorText, Notice, Placeholder } from "../../components/ui.tsx";
import { formatDay, formatTime } from "../../lib/dates.ts";
import { deviceName } from "../../lib/device.ts";
import { useAction } from "../../lib/use-action.ts";
import { useLoad } from "../../lib/use-load.ts";

const when = (instant: string) =>
  `${formatDay(instant.slice(0, 10), "short")} ${formatTime(instant)}`;

/** Where the account is signed in: sign out any other device, or all of them at once. */
export function Sessions() {
  const sessions = useLoad(() => get<SignInSession[]>("/api/auth/list-sessions"), []);
  const { run, error, notice } = useAction(sessions.reload);
  const signOut = (session: SignInSession) =>
    run(
      post("/api/auth/revoke-session", { id: session.id }),
      `${deviceName(session.userAgent)} was signed out.`,
    );
  const signOutOthers = () => {
    if (!confirm("Sign out every other device? They will have to sign in again.")) return;
    run(post("/api/auth/revoke-other-sessions"), "Every other device was signed out.");
  };

  if (!sessions.data) return <Placeholder height={160} />;
  const others = sessions.data.filter((s) => !s.current).length;
  // This device first, then the others from the most recently seen.
  const listed = [...sessions.data].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
  );
  return (
    <Card title="Where you are signed in">
      <ul class="list account-list">
        {listed.map((session) => {
          const device = deviceName(session.userAgent);
          return (
            <li class="key-row">
              <span>
                <strong title={session.userAgent ?? undefined}>{device}</strong>
                {session.current && <span class="badge">This device</span>}
                <span class="hint">
                  {session.ipAddress ? `${session.ipAddress} · ` : ""}
                  <span class="nowrap">signed in {when(session.createdAt)}</span> ·{" "}
                  <span class="nowrap">last seen {when(session.lastUsedAt)}</span>
                </span>
              </span>
              {!session.current && (
                <button type="button" onClick={() => signOut(session)}>
                  Sign out<span class="visually-hidden"> {device}</span>
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
          Sign out all other sessions
        </button>
      ) : (
        <p class="hint">You are signed in on this device only.</p>
      )}
    </Card>
  );
}
