import { useState } from "preact/hooks";
import { ApiError, del, errorMessage, get, post } from "../../api/client.ts";
import { FAMILY_PERMISSIONS, type FamilyGrant, type FamilyPermission } from "../../api/types.ts";
import { Card, ErrorText, Field, Placeholder } from "../../components/ui.tsx";
import { formatDay } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { t } from "../../i18n/i18n.ts";

/** A permission's name, as the family banner says it, starting a line of its own. */
const permissionLabel = (key: FamilyPermission) => {
  const text = t(`permission.${key}`);
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
};

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
    for (const key of FAMILY_PERMISSIONS) body[key] = form.has(key);
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
    if (!confirm(t("family.confirmStop", { email: grant.delegate_email }))) return;
    await del(`/api/identity/family-access/${grant.id}`).then(grants.reload, (e) =>
      setError(errorMessage(e)),
    );
  };

  return (
    <>
      <Card title={t("family.share")}>
        <form class="stack" onSubmit={share}>
          <Field label={t("family.theirEmail")} name="email" type="email" required />
          <fieldset>
            <legend>{t("family.theyMay")}</legend>
            {FAMILY_PERMISSIONS.map((key) => (
              <label class="check">
                <input
                  type="checkbox"
                  name={key}
                  checked={key === "can_manage_checkin" || key === "can_view_reports"}
                />{" "}
                {permissionLabel(key)}
              </label>
            ))}
          </fieldset>
          <Field label={t("family.endsOn")} name="end" type="date" />
          <ErrorText error={error ?? grants.error} />
          {invite && <Invite email={invite} />}
          <button type="submit" class="primary">
            {t("family.shareButton")}
          </button>
        </form>
      </Card>
      <Card title={t("family.sharedWith")}>
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
                    {FAMILY_PERMISSIONS.filter((key) => grant[key])
                      .map(permissionLabel)
                      .join("; ")}
                    {grant.access_end_date &&
                      ` · ${t("family.until", { day: formatDay(grant.access_end_date, "short") })}`}
                  </span>
                </span>
                <button type="button" onClick={() => revoke(grant)}>
                  {t("family.stopSharing")}
                  <span class="visually-hidden">
                    {" "}
                    {t("family.withEmail", { email: grant.delegate_email })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("family.nobody")}</p>
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
  const text = t("family.invitationText", { server: `${location.origin}/`, email });
  const mail = `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(
    t("family.invitationSubject"),
  )}&body=${encodeURIComponent(text)}`;
  const copy = () => navigator.clipboard?.writeText(text).then(() => setCopied(true));
  return (
    <div class="notice" role="status">
      <p>{t("family.inviteThem", { email })}</p>
      <p class="actions">
        <a href={mail}>{t("family.emailInvitation")}</a>
        <button type="button" onClick={copy}>
          {copied ? t("family.invitationCopied") : t("family.copyInvitation")}
        </button>
      </p>
      <p class="hint">{text}</p>
    </div>
  );
}
