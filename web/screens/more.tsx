import { DataSwitcher } from "../components/acting-for.tsx";
import { places, signOut } from "../components/nav-bar.tsx";
import { Card, Page } from "../components/ui.tsx";
import { t } from "../i18n/i18n.ts";

/** A phone's "More" tab: every place as a list, whose data is shown, and signing out. */
export function More() {
  return (
    <Page title={t("nav.more")}>
      <Card>
        <ul class="list menu-list">
          {places().map(([path, label]) => (
            <li>
              <a class="row-link" href={`#${path}`}>
                {t(label)}
              </a>
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <div class="stack">
          <DataSwitcher />
          <button type="button" onClick={signOut}>
            {t("nav.signOut")}
          </button>
        </div>
      </Card>
    </Page>
  );
}
