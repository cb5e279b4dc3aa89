import { useState } from "preact/hooks";
import { get } from "../../api/client.ts";
import { Card, Page, Placeholder } from "../../components/ui.tsx";
import { today } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import { EnergyPlanner } from "./energy-planner.tsx";
import { describeGoals, type Goals as GoalValues } from "./goal-fields.tsx";
import { GoalTimeline } from "./goal-timeline.tsx";
import { MicronutrientTargetsCard } from "./micronutrient-targets.tsx";
import { WeeklyPlans } from "./weekly-plans.tsx";

const SOURCES: Record<string, string> = {
  default: "the defaults",
  timeline: "your goal timeline",
  weekly_plan: "your weekly plan",
};

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
    <Page title="Goals">
      <Card title="Today's goals">
        {current.data ? (
          <p>
            {describeGoals(current.data)}
            <br />
            <small class="hint">From {SOURCES[current.data.source] ?? current.data.source}.</small>
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
