import { TabNav } from "../../components/tab-nav.tsx";

const TABS: [string, string][] = [
  ["", "Users"],
  ["/sign-in", "Sign-in settings"],
  ["/oidc", "OIDC providers"],
  ["/import", "Import"],
];

/** The administration areas, one address each. */
export function AdminTabs({ current }: { current: string }) {
  return (
    <TabNav
      label="Administration"
      tabs={TABS}
      current={current}
      href={(path) => `#/admin${path}`}
    />
  );
}
