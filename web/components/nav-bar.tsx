import { post } from "../api/client.ts";
import { route } from "../lib/router.ts";
import { clearSession, session } from "../lib/session.ts";
import { DataSwitcher } from "./acting-for.tsx";

const LINKS: [string, string][] = [
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

function isCurrent(path: string): boolean {
  const current = route.value;
  return path === "/" ? current === "/" : current === path || current.startsWith(path + "/");
}

export function NavBar() {
  const links =
    session.value?.user.role === "admin"
      ? [...LINKS, ["/admin", "Admin"] as [string, string]]
      : LINKS;
  const signOut = async () => {
    await post("/api/auth/sign-out").catch(() => undefined);
    clearSession();
    location.hash = "/";
  };
  return (
    <header class="top-bar">
      <a class="brand" href="#/">
        fitness
      </a>
      <nav aria-label="Main">
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
      <DataSwitcher />
      <button type="button" class="link-button" onClick={signOut}>
        Sign out
      </button>
    </header>
  );
}
