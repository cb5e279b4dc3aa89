import { forgetCachedReads, holdDataRequests, post, requestsSettled } from "../api/client.ts";
import { placeAccess } from "../lib/access.ts";
import { route } from "../lib/router.ts";
import { assistantReady, clearSession, session } from "../lib/session.ts";
import { DataSwitcher } from "./acting-for.tsx";
import { Icon, type IconName } from "./icons.tsx";
import { QuickEntryButton } from "./quick-entry-button.tsx";

type Place = [path: string, label: string];

const PLACES: Place[] = [
  ["/", "Today"],
  ["/diary", "Diary"],
  ["/foods", "Foods"],
  ["/check-ins", "Check-ins"],
  ["/exercise", "Exercise"],
  ["/workouts", "Workouts"],
  ["/trackers", "Trackers"],
  ["/reports", "Reports"],
  ["/goals", "Goals"],
  ["/health", "Health"],
  ["/assistant", "Assistant"],
  ["/settings", "Settings"],
];

/** A phone's bottom tab bar: the four places used every day, then everything else. */
const TABS: [string, string, IconName][] = [
  ["/", "Today", "today"],
  ["/diary", "Diary", "diary"],
  ["/exercise", "Exercise", "exercise"],
  ["/check-ins", "Check-ins", "body"],
];

function isCurrent(path: string): boolean {
  const current = route.value;
  return path === "/" ? current === "/" : current === path || current.startsWith(path + "/");
}

/** The places this person can open: shared ones only, the assistant only with a model. */
export function places(): Place[] {
  const shown = PLACES.filter(
    ([path]) => placeAccess(path) !== "none" && (path !== "/assistant" || assistantReady.value),
  );
  return session.value?.user.role === "admin" ? [...shown, ["/admin", "Admin"]] : shown;
}

export async function signOut() {
  await requestsSettled();
  holdDataRequests(true);
  await post("/api/auth/sign-out").catch(() => undefined);
  forgetCachedReads();
  clearSession();
  location.hash = "/";
}

/** The top bar (every place at desktop widths) and, at phone widths, the bottom tab bar. */
export function NavBar() {
  const links = places();
  const tabs = TABS.filter(([path]) => links.some(([p]) => p === path));
  const inTabs = tabs.some(([path]) => isCurrent(path));
  return (
    <>
      <header class="top-bar">
        <a class="brand" href="#/">
          fitness
        </a>
        <nav aria-label="Main" class="wide-only">
          <ul>
            {links.map(([path, label]) => (
              <li>
                <a href={`#${path}`} aria-current={isCurrent(path) ? "page" : undefined}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <QuickEntryButton />
        <div class="wide-only top-tools">
          <DataSwitcher />
          <button type="button" class="link-button" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <nav aria-label="Tabs" class="tab-bar phone-only">
        <ul>
          {tabs.map(([path, label, icon]) => (
            <li>
              <a href={`#${path}`} aria-current={isCurrent(path) ? "page" : undefined}>
                <Icon name={icon} />
                {label}
              </a>
            </li>
          ))}
          <li>
            <a href="#/more" aria-current={!inTabs ? "page" : undefined}>
              <Icon name="more" />
              More
            </a>
          </li>
        </ul>
      </nav>
    </>
  );
}
