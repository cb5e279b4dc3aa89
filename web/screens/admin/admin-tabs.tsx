const TABS: [string, string][] = [
  ["", "Users"],
  ["/sign-in", "Sign-in settings"],
  ["/oidc", "OIDC providers"],
  ["/import", "Import"],
];

/** The administration areas, one address each. */
export function AdminTabs({ current }: { current: string }) {
  return (
    <nav aria-label="Administration" class="tabs">
      {TABS.map(([path, label]) => (
        <a href={`#/admin${path}`} aria-current={current === path ? "page" : undefined}>
          {label}
        </a>
      ))}
    </nav>
  );
}
