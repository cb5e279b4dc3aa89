import { errorMessage, post } from "../api/client.ts";
import { FAMILY_PERMISSIONS } from "../api/types.ts";
import { accessibleUsers, actingFor, activeUserId, loadSession, session } from "../lib/session.ts";
import { t, tr } from "../i18n/i18n.ts";

async function switchTo(userId: string) {
  try {
    await post("/api/identity/switch-context", { targetUserId: userId });
    await loadSession();
  } catch (e) {
    alert(errorMessage(e));
  }
}

/** Whose data is shown; listed only when someone has shared their data with the user. */
export function DataSwitcher() {
  if (accessibleUsers.value.length < 2) return null;
  return (
    <label class="switcher">
      <span>{t("nav.dataOf")}</span>
      <select
        value={activeUserId.value ?? ""}
        onChange={(e) => switchTo((e.currentTarget as HTMLSelectElement).value)}
      >
        {accessibleUsers.value.map((u) => (
          <option value={u.user_id}>{u.is_self ? t("nav.me") : u.full_name || u.email}</option>
        ))}
      </select>
    </label>
  );
}

/** A banner that stays while acting for someone, so nobody edits the wrong person's data. */
export function ActingForBanner() {
  const other = actingFor.value;
  if (!other) return null;
  const granted = FAMILY_PERMISSIONS.filter((flag) => other.permissions[flag])
    .map((flag) => t(`permission.${flag}`))
    .join("; ");
  return (
    <div class="acting-banner" role="status">
      <span>
        {tr("banner.actingFor", {
          name: <strong>{other.full_name || other.email}</strong>,
          granted: granted || t("banner.nothing"),
        })}
      </span>
      <button type="button" onClick={() => switchTo(session.value!.user.id)}>
        {t("banner.back")}
      </button>
    </div>
  );
}
