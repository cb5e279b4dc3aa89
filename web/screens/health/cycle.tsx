import { useState } from "preact/hooks";
import { errorMessage, get, post, put } from "../../api/client.ts";
import { Card, ErrorText, Field, Placeholder, Select, Stat } from "../../components/ui.tsx";
import { formatNumber, t, type MessageKey } from "../../i18n/i18n.ts";
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

const flows = (): [string, string][] => [
  ["none", t("cycle.flowNone")],
  ["spotting", t("cycle.flowSpotting")],
  ["light", t("cycle.flowLight")],
  ["medium", t("cycle.flowMedium")],
  ["heavy", t("cycle.flowHeavy")],
];
/** A word the server answers with (a phase, a regularity, a confidence), in the user's language. */
const said = (prefix: string, word: string) => t(`cycle.${prefix}_${word}` as MessageKey);
const days = (value: number | null) =>
  value ? t("common.days", { count: Math.round(value) }) : "–";

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
      <Card title={t("cycle.title")}>
        <Placeholder height={160} />
      </Card>
    );
  const [o, pregnancy] = overview.data;
  return (
    <Card title={t("cycle.title")}>
      {pregnancy.pregnancy ? (
        <>
          <p class="notice paused" role="status">
            {pregnancy.gestation
              ? t("cycle.pausedWeek", { week: pregnancy.gestation.weeks })
              : t("cycle.paused")}
          </p>
          <PastCycles o={o} />
        </>
      ) : (
        <Predictions o={o} />
      )}
      <form class="inline-field wrap" onSubmit={logFlow}>
        <Select
          label={t("cycle.todaysFlow")}
          name="flow_level"
          options={flows()}
          defaultValue={o.log?.flow_level ?? "none"}
        />
        <button type="submit">{t("cycle.saveToday")}</button>
      </form>
      <details>
        <summary>{t("cycle.recordPast")}</summary>
        <form class="inline-field wrap" onSubmit={addPeriod}>
          <Field label={t("cycle.started")} name="start_date" type="date" required max={today()} />
          <Field label={t("cycle.ended")} name="end_date" type="date" max={today()} />
          <button type="submit">{t("cycle.savePeriod")}</button>
        </form>
      </details>
      <ErrorText error={error ?? overview.error} />
      {/* The server's fixed disclaimer, said in the user's language. */}
      <p class="hint">{t("cycle.disclaimer")}</p>
    </Card>
  );
}

const averageCycle = (o: Overview) => (
  <Stat
    label={t("cycle.averageCycle")}
    value={days(o.stats.avgCycleLength)}
    hint={
      o.stats.regularity === "unknown"
        ? t("cycle.regularityLater")
        : t("cycle.regularity", { regularity: said("regularity", o.stats.regularity) })
    }
  />
);

/** Today's cycle day and phase, the next period and fertile window. */
function Predictions({ o }: { o: Overview }) {
  const next = o.prediction?.cycles[0];
  return (
    <div class="grid stats">
      <Stat
        label={t("cycle.cycleDay")}
        value={o.cycleDay ? formatNumber(o.cycleDay) : "–"}
        hint={o.phase && o.phase !== "unknown" ? said("phase", o.phase) : t("cycle.logToStart")}
      />
      <Stat
        label={t("cycle.nextPeriod")}
        value={next ? formatDay(next.periodStart, "short") : "–"}
        hint={
          next
            ? [
                said("confidence", next.confidence),
                ...(o.late?.isLate ? [t("cycle.daysLate", { count: o.late.daysLate })] : []),
              ].join(" · ")
            : undefined
        }
      />
      <Stat
        label={t("cycle.fertileWindow")}
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
        label={t("cycle.lastPeriod")}
        value={o.currentCycleStart ? formatDay(o.currentCycleStart, "short") : "–"}
      />
      {averageCycle(o)}
      <Stat label={t("cycle.averagePeriod")} value={days(o.stats.avgPeriodLength)} />
    </div>
  );
}
