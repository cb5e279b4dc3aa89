import type { ComponentChildren } from "preact";
import { Card } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { firstDayOfWeek } from "../../lib/week-start.ts";

/** A report with its chart and a link to the same figures as CSV. */
export function ReportCard(props: {
  title: string;
  /** The CSV link's text ("Download weight as CSV"). */
  csv: string;
  report: string;
  range: { start: string; end: string };
  empty: boolean;
  /** Spans the grid's whole row. */
  wide?: boolean;
  children: ComponentChildren;
}) {
  const query = new URLSearchParams({
    startDate: props.range.start,
    endDate: props.range.end,
    weekStart: String(firstDayOfWeek()),
  });
  return (
    <Card title={props.title} class={props.wide ? "whole-row" : undefined}>
      {props.empty ? <p class="hint">{t("reports.nothing")}</p> : props.children}
      <a
        class="button csv"
        href={`/api/reports/${props.report}/csv?${query}`}
        download={`${props.report}-${props.range.start}-${props.range.end}.csv`}
      >
        {props.csv}
      </a>
    </Card>
  );
}
