import { forgetCachedReads, holdDataRequests, post, requestsSettled } from "../api/client.ts";
import { placeAccess } from "../lib/access.ts";
import { t, type MessageKey } from "../i18n/i18n.ts";
import { route } from "../lib/router.ts";
import { assistantReady, clearSession, session } from "../lib/session.ts";
import { DataSwitcher } from "./acting-for.tsx";
import { Icon, type IconName } from "./icons.tsx";
import { QuickEntryButton } from "./quick-entry-button.tsx";

type Place = [path: string, label: MessageKey];

const PLACES: Place[] = [
  ["/", "nav.today"],
  ["/diary", "nav.diary"],
  ["/foods", "nav.foods"],
  ["/check-ins", "nav.checkIns"],
  ["/exercise", "nav.exercise"],
  ["/workouts", "nav.workouts"],
  ["/trackers", "nav.trackers"],
  ["/reports", "nav.reports"],
  ["/goals", "nav.goals"],
  ["/health", "nav.health"],
  ["/assistant", "nav.assistant"],
  ["/settings", "nav.settings"],
];

/** A phone's bottom tab bar: the four places used every day, then everything else. */
const TABS: [string, MessageKey, IconName][] = [
  ["/", "nav.today", "today"],
  ["/diary", "nav.diary", "diary"],
  ["/exercise", "nav.exercise", "exercise"],
  ["/check-ins", "nav.checkIns", "body"],
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
  return session.value?.user.role === "admin" ? [...shown, ["/admin", "nav.admin"]] : shown;
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
        <nav aria-label={t("nav.main")} class="wide-only">
          <ul>
            {links.map(([path, label]) => (
              <li>
                <a href={`#${path}`} aria-current={isCurrent(path) ? "page" : undefined}>
                  {t(label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <QuickEntryButton />
        <div class="wide-only top-tools">
          <DataSwitcher />
          <button type="button" class="link-button" onClick={signOut}>
            {t("nav.signOut")}
          </button>
        </div>
      </header>
      <nav aria-label={t("nav.tabs")} class="tab-bar phone-only">
        <ul>
          {tabs.map(([path, label, icon]) => (
            <li>
              <a href={`#${path}`} aria-current={isCurrent(path) ? "page" : undefined}>
                <Icon name={icon} />
                {t(label)}
              </a>
            </li>
          ))}
          <li>
            <a href="#/more" aria-current={!inTabs ? "page" : undefined}>
              <Icon name="more" />
              {t("nav.more")}
            </a>
          </li>
        </ul>
      </nav>
    </>
  );
}
