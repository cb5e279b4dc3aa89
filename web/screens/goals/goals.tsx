import { useState } from "preact/hooks";
import { get } from "../../api/client.ts";
import { PartsLine } from "../../components/parts-line.tsx";
import { Card, Page, Placeholder } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { today } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { EnergyPlanner } from "./energy-planner.tsx";
import { describeGoals, type Goals as GoalValues } from "./goal-fields.tsx";
import { GoalTimeline } from "./goal-timeline.tsx";
import { MicronutrientTargetsCard } from "./micronutrient-targets.tsx";
import { WeeklyPlans } from "./weekly-plans.tsx";

/** Where today's goals come from, said in the user's language. */
function source(name: string): string {
  if (name === "default") return t("goals.fromDefaults");
  if (name === "timeline") return t("goals.fromTimeline");
  if (name === "weekly_plan") return t("goals.fromWeeklyPlan");
  return t("goals.fromSource", { source: name });
}

/** The goals in force today, where they come from, and the editors of each source. */
export function Goals() {
  const current = useLoad(
    () => get<GoalValues & { source: string }>(`/api/goals/for-date?date=${today()}`),
    [],
  );
  // A goal saved in one card shows at once in the others: they load again.
  const [version, setVersion] = useState(0);
  const changed = () => {
    current.reload();
    setVersion((v) => v + 1);
  };
  return (
    <Page title={t("nav.goals")}>
      <Card title={t("goals.today")}>
        {current.data ? (
          <p>
            <PartsLine parts={describeGoals(current.data)} />
            <br />
            <small class="hint">{source(current.data.source)}</small>
          </p>
        ) : (
          <Placeholder height={48} />
        )}
      </Card>
      <EnergyPlanner onChange={changed} />
      <div class="grid two">
        <GoalTimeline key={`timeline-${version}`} onChange={changed} />
        <WeeklyPlans key={`plans-${version}`} onChange={changed} />
      </div>
      <MicronutrientTargetsCard />
    </Page>
  );
}
