import { Page } from "../../components/ui.tsx";
import { placeAccess } from "../../lib/access.ts";
import { Cycle } from "./cycle.tsx";
import { Medications } from "./medications.tsx";
import { Pregnancy } from "./pregnancy/pregnancy.tsx";
import { TabNav } from "../../components/tab-nav.tsx";
import { t } from "../../i18n/i18n.ts";

const tabs = (): [string, string][] => [
  ["medications", t("medications.tab")],
  ["cycle", t("cycle.title")],
  ["pregnancy", t("micros.pregnancy")],
];

/** Medications and supplements, cycle tracking and pregnancy, one tab each. */
export function Health({ tab = "medications" }: { tab?: string }) {
  return (
    <Page title={t("nav.health")}>
      <TabNav
        label={t("nav.health")}
        tabs={tabs().filter(([id]) => placeAccess(`/health/${id}`) !== "none")}
        current={tab}
        href={(id) => `#/health/${id}`}
      />
      {tab === "cycle" ? <Cycle /> : tab === "pregnancy" ? <Pregnancy /> : <Medications />}
    </Page>
  );
}
