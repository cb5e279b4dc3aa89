import type { ComponentType } from "preact";
import { Card, Notice, Page } from "../../components/ui.tsx";
import { lazyScreen } from "../../lib/lazy.tsx";
import { actingFor } from "../../lib/session.ts";
import { ApiKeys } from "./api-keys.tsx";
import { AssistantModel } from "./assistant-model.tsx";
import { FamilySharing } from "./family.tsx";
import { Integrations } from "./integrations.tsx";
import { TwoFactor } from "./two-factor.tsx";
import { PasswordForm } from "./password-form.tsx";
import { ProfileForm } from "./profile-form.tsx";
import { Reminders } from "./reminders.tsx";
import { Sessions } from "./sessions.tsx";
import { YourData } from "./your-data.tsx";
import { TabNav } from "../../components/tab-nav.tsx";
import { t, type MessageKey } from "../../i18n/i18n.ts";

const Passkeys = lazyScreen(() => import("./passkeys.tsx").then((m) => m.Passkeys));
// Loaded on demand: most visits to the settings never open it.
const FoodProviders = lazyScreen(() => import("./food-providers.tsx").then((m) => m.FoodProviders));

const TABS: [string, MessageKey][] = [
  ["profile", "settings.profile"],
  ["password", "settings.password"],
  ["two-factor", "settings.twoFactor"],
  ["passkeys", "settings.passkeys"],
  ["sessions", "settings.sessions"],
  ["reminders", "settings.reminders"],
  ["api-keys", "settings.apiKeys"],
  ["family", "settings.family"],
  ["assistant", "settings.assistant"],
  ["food-providers", "settings.foodProviders"],
  ["integrations", "settings.integrations"],
  ["data", "settings.data"],
];

/** What each tab shows. */
const AREAS: Record<string, ComponentType> = {
  profile: () => (
    <Card title={t("settings.profile")}>
      <ProfileForm submitLabel={t("settings.saveProfile")} />
    </Card>
  ),
  password: () => (
    <Card title={t("settings.changePassword")}>
      <PasswordForm />
    </Card>
  ),
  "two-factor": TwoFactor,
  passkeys: Passkeys,
  sessions: Sessions,
  reminders: Reminders,
  "api-keys": ApiKeys,
  family: FamilySharing,
  assistant: AssistantModel,
  "food-providers": FoodProviders,
  integrations: Integrations,
  data: YourData,
};

const PHONE = "(max-width: 700px)";
const OWNER_ONLY = ["profile", "reminders", "family", "data"];

/**
 * Account settings, one tab per area; the tab is part of the address. On a phone the areas
 * are a list of their own, and each area links back to it.
 */
export function Settings(props: { tab?: string }) {
  if (!props.tab && matchMedia(PHONE).matches) {
    return (
      <Page title={t("settings.title")}>
        <Card>
          <ul class="list menu-list">
            {TABS.map(([id, label]) => (
              <li>
                <a class="row-link" href={`#/settings/${id}`}>
                  {t(label)}
                </a>
              </li>
            ))}
          </ul>
        </Card>
      </Page>
    );
  }
  const tab = props.tab ?? "profile";
  const Area = AREAS[tab] ?? AREAS.profile!;
  // Profile, reminders, sharing, export and import belong to the owner alone (the server
  // refuses a delegate).
  if (actingFor.value && OWNER_ONLY.includes(tab)) {
    return (
      <Page title={t("settings.title")}>
        <Notice>{t("settings.switchBack")}</Notice>
      </Page>
    );
  }
  return (
    <Page title={t("settings.title")}>
      <a class="phone-only back-link" href="#/settings">
        {t("settings.allSettings")}
      </a>
      <div class="settings-layout">
        <TabNav
          label={t("settings.title")}
          class="tabs side-tabs wide-only"
          tabs={TABS.map(([id, label]) => [id, t(label)])}
          current={tab}
          href={(id) => `#/settings/${id}`}
        />
        <div>
          <Area />
        </div>
      </div>
    </Page>
  );
}
