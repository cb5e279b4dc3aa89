import { useState } from "preact/hooks";
import { ApiError, del, errorMessage, get, post } from "../../api/client.ts";
import { FAMILY_PERMISSIONS, type FamilyGrant } from "../../api/types.ts";
import { Card, ErrorText, Field, Placeholder } from "../../components/ui.tsx";
import { formatDay } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";

/** Sharing your data with another account: grants with permissions and an optional end. */
export function FamilySharing() {
  const grants = useLoad(() => get<FamilyGrant[]>("/api/identity/family-access"), []);
  const [error, setError] = useState<string | null>(null);
  const [invite, setInvite] = useState<string | null>(null);

  const share = async (event: Event) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    const body: Record<string, unknown> = {
      delegate_email: form.get("email"),
      access_end_date: form.get("end") || null,
    };
    for (const [key] of FAMILY_PERMISSIONS) body[key] = form.has(key);
    setInvite(null);
    try {
      await post("/api/identity/family-access", body);
      setError(null);
      formElement.reset();
      grants.reload();
    } catch (e) {
      setError(errorMessage(e));
      if (e instanceof ApiError && e.status === 404) setInvite(String(body.delegate_email));
    }
  };
  const revoke = async (grant: FamilyGrant) => {
    if (!confirm(`Stop sharing with ${grant.delegate_email}?`)) return;
    await del(`/api/identity/family-access/${grant.id}`).then(grants.reload, (e) =>
      setError(errorMessage(e)),
    );
  };

  return (
    <>
      <Card title="Share your data">
        <form class="stack" onSubmit={share}>
          <Field label="Their account email" name="email" type="email" required />
          <fieldset>
            <legend>They may</legend>
            {FAMILY_PERMISSIONS.map(([key, label]) => (
              <label class="check">
                <input
                  type="checkbox"
                  name={key}
                  checked={key === "can_manage_checkin" || key === "can_view_reports"}
                />{" "}
                {label}
              </label>
            ))}
          </fieldset>
          <Field label="Access ends on (optional)" name="end" type="date" />
          <ErrorText error={error ?? grants.error} />
          {invite && <Invite email={invite} />}
          <button type="submit" class="primary">
            Share
          </button>
        </form>
      </Card>
      <Card title="Shared with">
        {!grants.data ? (
          <Placeholder height={80} />
        ) : grants.data.length ? (
          <ul class="list account-list">
            {grants.data.map((grant) => (
              <li class="key-row">
                <span>
                  <strong>{grant.delegate_name || grant.delegate_email}</strong>{" "}
                  <span class="hint">
                    {grant.delegate_email} ·{" "}
                    {FAMILY_PERMISSIONS.filter(([key]) => grant[key])
                      .map(([, label]) => label)
                      .join("; ")}
                    {grant.access_end_date &&
                      ` · until ${formatDay(grant.access_end_date, "short")}`}
                  </span>
                </span>
                <button type="button" onClick={() => revoke(grant)}>
                  Stop sharing<span class="visually-hidden"> with {grant.delegate_email}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>You share your data with nobody.</p>
        )}
      </Card>
    </>
  );
}

/**
 * The next step when the address has no account here: invite them with a link to this
 * server (by their own mail app, or copied to send another way), then share again.
 */
function Invite({ email }: { email: string }) {
  const [copied, setCopied] = useState(false);
  const text =
    `I'd like to share my fitness data with you. Create an account at ${location.origin}/ ` +
    `with this email address (${email}), then tell me and I'll share it.`;
  const mail = `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(
    "Join me on fitness",
  )}&body=${encodeURIComponent(text)}`;
  const copy = () => navigator.clipboard?.writeText(text).then(() => setCopied(true));
  return (
    <div class="notice" role="status">
      <p>
        Invite them: once they have an account here with {email}, share again. Send them the link to
        this server:
      </p>
      <p class="actions">
        <a href={mail}>Email an invitation</a>
        <button type="button" onClick={copy}>
          {copied ? "Invitation copied" : "Copy the invitation"}
        </button>
      </p>
      <p class="hint">{text}</p>
    </div>
  );
}
