import { DataSwitcher } from "../components/acting-for.tsx";
import { places, signOut } from "../components/nav-bar.tsx";
import { Card, Page } from "../components/ui.tsx";

/** A phone's "More" tab: every place as a list, whose data is shown, and signing out. */
export function More() {
  return (
    <Page title="More">
      <Card>
        <ul class="list menu-list">
          {places().map(([path, label]) => (
            <li>
              <a class="row-link" href={`#${path}`}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <div class="stack">
          <DataSwitcher />
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        </div>
      </Card>
    </Page>
  );
}
