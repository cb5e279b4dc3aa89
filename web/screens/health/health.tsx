import { Page } from "../../components/ui.tsx";
import { placeAccess } from "../../lib/access.ts";
import { Cycle } from "./cycle.tsx";
import { Medications } from "./medications.tsx";
import { Pregnancy } from "./pregnancy/pregnancy.tsx";

const TABS: [string, string][] = [
  ["medications", "Medications"],
  ["cycle", "Cycle"],
  ["pregnancy", "Pregnancy"],
];

/** Medications and supplements, cycle tracking and pregnancy, one tab each. */
export function Health({ tab = "medications" }: { tab?: string }) {
  return (
    <Page title="Health">
      <nav aria-label="Health" class="tabs">
        {TABS.filter(([id]) => placeAccess(`/health/${id}`) !== "none").map(([id, label]) => (
          <a href={`#/health/${id}`} aria-current={tab === id ? "page" : undefined}>
            {label}
          </a>
        ))}
      </nav>
      {tab === "cycle" ? <Cycle /> : tab === "pregnancy" ? <Pregnancy /> : <Medications />}
    </Page>
  );
}
