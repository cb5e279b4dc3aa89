import { get } from "../../../api/client.ts";
import { Card, ErrorText, Notice, Placeholder, Stat } from "../../../components/ui.tsx";
import { formatNumber, t } from "../../../i18n/i18n.ts";
import { formatDay } from "../../../lib/dates.ts";
import { actingFor } from "../../../lib/session.ts";
import { useLoad } from "../../../lib/use-load.ts";
import { Appointments } from "./appointments.tsx";
import { BumpPhotos } from "./bump-photos.tsx";
import { Checklist } from "./checklist.tsx";
import { ContractionTimer } from "./contraction-timer.tsx";
import { KickCounter } from "./kick-counter.tsx";
import { StartForm } from "./start-form.tsx";
import type { Overview } from "./types.ts";

/** Pregnancy tracking, the owner's alone: the server never shares it with a delegate. */
export function Pregnancy() {
  if (actingFor.value) {
    return (
      <Card title={t("micros.pregnancy")}>
        <Notice>{t("pregnancy.private", { name: actingFor.value.full_name })}</Notice>
      </Card>
    );
  }
  return <PregnancyOverview />;
}

function PregnancyOverview() {
  const overview = useLoad(() => get<Overview>("/api/v2/pregnancy/overview"), []);
  const o = overview.data;
  if (!o) return <Placeholder height={200} label={overview.error} />;
  if (!o.pregnancy) return <StartForm onStarted={overview.reload} />;
  const { pregnancy, gestation, checklistProgress, nextAppointment } = o;
  const id = pregnancy.id;
  return (
    <>
      <Card title={t("micros.pregnancy")}>
        <div class="grid stats">
          <Stat
            label={t("pregnancy.week")}
            value={
              gestation ? `${formatNumber(gestation.weeks)} + ${formatNumber(gestation.days)}` : "–"
            }
            hint={t("pregnancy.weeksDays")}
          />
          <Stat
            label={t("pregnancy.dueDate")}
            value={formatDay(pregnancy.due_date, "short")}
            hint={gestation ? t("pregnancy.inDays", { count: gestation.daysUntilDue }) : undefined}
          />
          <Stat
            label={t("pregnancy.checklist")}
            value={
              checklistProgress
                ? `${formatNumber(checklistProgress.done)} / ${formatNumber(checklistProgress.total)}`
                : "–"
            }
          />
          <Stat
            label={t("pregnancy.nextAppointment")}
            value={
              nextAppointment ? formatDay(nextAppointment.scheduled_at.slice(0, 10), "short") : "–"
            }
            hint={nextAppointment?.title ?? undefined}
          />
        </div>
        <ErrorText error={overview.error} />
      </Card>
      <KickCounter pregnancyId={id} recent={o.recentKickSessions ?? []} onSaved={overview.reload} />
      <ContractionTimer pregnancyId={id} />
      <Checklist pregnancyId={id} week={gestation?.weeks ?? 0} onChange={overview.reload} />
      <Appointments pregnancyId={id} onChange={overview.reload} />
      <BumpPhotos pregnancyId={id} />
    </>
  );
}
