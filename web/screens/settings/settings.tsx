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

const Passkeys = lazyScreen(() => import("./passkeys.tsx").then((m) => m.Passkeys));
// Loaded on demand: most visits to the settings never open it.
const FoodProviders = lazyScreen(() => import("./food-providers.tsx").then((m) => m.FoodProviders));

const TABS: [string, string][] = [
  ["profile", "Profile"],
  ["password", "Password"],
  ["two-factor", "Two-step verification"],
  ["passkeys", "Passkeys"],
  ["sessions", "Sessions"],
  ["reminders", "Reminders"],
  ["api-keys", "API keys"],
  ["family", "Family sharing"],
  ["assistant", "Assistant"],
  ["food-providers", "Food providers"],
  ["integrations", "Integrations"],
  ["data", "Your data"],
];

/** What each tab shows. */
const AREAS: Record<string, ComponentType> = {
  profile: () => (
    <Card title="Profile">
      <ProfileForm submitLabel="Save profile" />
    </Card>
  ),
  password: () => (
    <Card title="Change password">
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
      <Page title="Settings">
        <Card>
          <ul class="list menu-list">
            {TABS.map(([id, label]) => (
              <li>
                <a class="row-link" href={`#/settings/${id}`}>
                  {label}
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
      <Page title="Settings">
        <Notice>
          Switch back to your own data to change your profile, reminders or family sharing, or to
          export or import data.
        </Notice>
      </Page>
    );
  }
  return (
    <Page title="Settings">
      <a class="phone-only back-link" href="#/settings">
        ‹ All settings
      </a>
      <div class="settings-layout">
        <TabNav
          label="Settings"
          class="tabs side-tabs wide-only"
          tabs={TABS}
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
