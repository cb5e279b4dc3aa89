import { Page } from "../../components/ui.tsx";
import { placeAccess } from "../../lib/access.ts";
import { Cycle } from "./cycle.tsx";
import { Medications } from "./medications.tsx";
import { Pregnancy } from "./pregnancy/pregnancy.tsx";
import { TabNav } from "../../components/tab-nav.tsx";

const TABS: [string, string][] = [
  ["medications", "Medications"],
  ["cycle", "Cycle"],
  ["pregnancy", "Pregnancy"],
];

/** Medications and supplements, cycle tracking and pregnancy, one tab each. */
export function Health({ tab = "medications" }: { tab?: string }) {
  return (
    <Page title="Health">
      <TabNav
        label="Health"
        tabs={TABS.filter(([id]) => placeAccess(`/health/${id}`) !== "none")}
        current={tab}
        href={(id) => `#/health/${id}`}
      />
      {tab === "cycle" ? <Cycle /> : tab === "pregnancy" ? <Pregnancy /> : <Medications />}
    </Page>
  );
}
