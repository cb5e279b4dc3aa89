import { TabNav } from "../../components/tab-nav.tsx";
import { t, type MessageKey } from "../../i18n/i18n.ts";

const TABS: [string, MessageKey][] = [
  ["", "admin.users"],
  ["/sign-in", "admin.signInSettings"],
  ["/oidc", "admin.oidcProviders"],
  ["/import", "admin.import"],
];

/** The administration areas, one address each. */
export function AdminTabs({ current }: { current: string }) {
  return (
    <TabNav
      label={t("admin.administration")}
      tabs={TABS.map(([path, label]) => [path, t(label)])}
      current={current}
      href={(path) => `#/admin${path}`}
    />
  );
}
