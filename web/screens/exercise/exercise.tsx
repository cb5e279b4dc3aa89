import { DayNav } from "../../components/day-nav.tsx";
import { Page } from "../../components/ui.tsx";
import { today } from "../../lib/dates.ts";
import { navigate } from "../../lib/router.ts";
import { useLoad } from "../../lib/use-load.ts";
import { DayView } from "./day-view.tsx";
import { ImportTab } from "./import-tab.tsx";
import { PlansCard } from "./plans-card.tsx";
import { loadPresets, PresetsCard } from "./presets-card.tsx";
import { ProgressTab } from "./progress-tab.tsx";
import { TabNav } from "../../components/tab-nav.tsx";
import { t } from "../../i18n/i18n.ts";

const TABS = [
  ["day", "exercise.tabDay"],
  ["presets", "exercise.tabPresets"],
  ["progress", "exercise.tabProgress"],
  ["import", "exercise.tabImport"],
] as const;

function PresetsAndPlans() {
  const presets = useLoad(loadPresets, []);
  return (
    <div class="grid two top">
      <PresetsCard presets={presets} />
      <PlansCard presets={presets.data} />
    </div>
  );
}

/** Exercise: a day's log, presets and plans, progress per exercise, file import. */
export function ExerciseScreen({ part, id }: { part?: string; id?: string }) {
  const day = part && /^\d{4}-\d{2}-\d{2}$/.test(part) ? part : today();
  const tab = TABS.some(([id]) => id === part) ? part! : "day";
  return (
    <Page
      title={t("exercise.title")}
      actions={tab === "day" && <DayNav day={day} onChange={(d) => navigate(`/exercise/${d}`)} />}
    >
      <TabNav
        label={t("exercise.title")}
        tabs={TABS.map(([id, label]) => [id, t(label)])}
        current={tab}
        href={(id) => `#/exercise/${id === "day" ? day : id}`}
      />
      {tab === "presets" && <PresetsAndPlans />}
      {tab === "progress" && <ProgressTab id={id} />}
      {tab === "import" && <ImportTab />}
      {tab === "day" && <DayView day={day} />}
    </Page>
  );
}
