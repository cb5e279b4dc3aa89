import { useState } from "preact/hooks";
import { errorMessage, get, post, put } from "../../api/client.ts";
import { Card, ErrorText, Field, Placeholder, Select, Stat } from "../../components/ui.tsx";
import { formatDay, today } from "../../lib/dates.ts";
import { useLoad } from "../../lib/use-load.ts";
import type { Overview as PregnancyOverview } from "./pregnancy/types.ts";

type Overview = {
  phase: string | null;
  cycleDay: number | null;
  prediction: {
    cycles: {
      periodStart: string;
      ovulation: string;
      fertileStart: string;
      fertileEnd: string;
      confidence: string;
    }[];
  } | null;
  currentCycleStart: string | null;
  stats: { avgCycleLength: number | null; avgPeriodLength: number | null; regularity: string };
  log: { flow_level: string | null } | null;
  late: { isLate: boolean; daysLate: number } | null;
  disclaimer: string;
};

const FLOWS: [string, string][] = [
  ["none", "None"],
  ["spotting", "Spotting"],
  ["light", "Light"],
  ["medium", "Medium"],
  ["heavy", "Heavy"],
];

/** The cycle today: day and phase, the next predictions, logging today's flow, periods by hand. */
export function Cycle() {
  const overview = useLoad(
    () =>
      Promise.all([
        get<Overview>("/api/v2/cycle/overview"),
        get<PregnancyOverview>("/api/v2/pregnancy/overview"),
      ]),
    [],
  );
  const [error, setError] = useState<string | null>(null);
  const fail = (e: unknown) => setError(errorMessage(e));
  const logFlow = (event: Event) => {
    event.preventDefault();
    const flow = new FormData(event.currentTarget as HTMLFormElement).get("flow_level");
    put(`/api/v2/cycle/logs/${today()}`, { flow_level: flow }).then(overview.reload, fail);
  };
  const addPeriod = (event: Event) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget as HTMLFormElement);
    post("/api/v2/cycle/cycles", {
      start_date: f.get("start_date"),
      end_date: f.get("end_date") || undefined,
    }).then(overview.reload, fail);
  };
  if (!overview.data)
    return (
      <Card title="Cycle">
        <Placeholder height={160} />
      </Card>
    );
  const [o, pregnancy] = overview.data;
  return (
    <Card title="Cycle">
      {pregnancy.pregnancy ? (
        <>
          <p class="notice paused" role="status">
            You are tracking a pregnancy
            {pregnancy.gestation && ` (week ${pregnancy.gestation.weeks})`}: period and
            fertile-window predictions are paused.
          </p>
          <PastCycles o={o} />
        </>
      ) : (
        <Predictions o={o} />
      )}
      <form class="inline-field wrap" onSubmit={logFlow}>
        <Select
          label="Today's flow"
          name="flow_level"
          options={FLOWS}
          defaultValue={o.log?.flow_level ?? "none"}
        />
        <button type="submit">Save today</button>
      </form>
      <details>
        <summary>Record a past period</summary>
        <form class="inline-field wrap" onSubmit={addPeriod}>
          <Field label="Started" name="start_date" type="date" required max={today()} />
          <Field label="Ended" name="end_date" type="date" max={today()} />
          <button type="submit">Save period</button>
        </form>
      </details>
      <ErrorText error={error ?? overview.error} />
      <p class="hint">{o.disclaimer}</p>
    </Card>
  );
}

const averageCycle = (o: Overview) => (
  <Stat
    label="Average cycle"
    value={o.stats.avgCycleLength ? `${Math.round(o.stats.avgCycleLength)} days` : "–"}
    hint={
      o.stats.regularity === "unknown"
        ? "Regularity shows after a few cycles"
        : `Regularity: ${o.stats.regularity}`
    }
  />
);

/** Today's cycle day and phase, the next period and fertile window. */
function Predictions({ o }: { o: Overview }) {
  const next = o.prediction?.cycles[0];
  return (
    <div class="grid stats">
      <Stat
        label="Cycle day"
        value={o.cycleDay ? String(o.cycleDay) : "–"}
        hint={o.phase && o.phase !== "unknown" ? o.phase : "Log a period to start"}
      />
      <Stat
        label="Next period"
        value={next ? formatDay(next.periodStart, "short") : "–"}
        hint={
          next
            ? `${next.confidence} confidence${o.late?.isLate ? ` · ${o.late.daysLate} days late` : ""}`
            : undefined
        }
      />
      <Stat
        label="Fertile window"
        value={
          next
            ? `${formatDay(next.fertileStart, "short")} – ${formatDay(next.fertileEnd, "short")}`
            : "–"
        }
      />
      {averageCycle(o)}
    </div>
  );
}

/** During a pregnancy: what the cycles were before it. */
function PastCycles({ o }: { o: Overview }) {
  return (
    <div class="grid stats">
      <Stat
        label="Last period"
        value={o.currentCycleStart ? formatDay(o.currentCycleStart, "short") : "–"}
      />
      {averageCycle(o)}
      <Stat
        label="Average period"
        value={o.stats.avgPeriodLength ? `${Math.round(o.stats.avgPeriodLength)} days` : "–"}
      />
    </div>
  );
}
