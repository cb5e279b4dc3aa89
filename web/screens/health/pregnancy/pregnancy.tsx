import { get } from "../../../api/client.ts";
import { Card, ErrorText, Notice, Placeholder, Stat } from "../../../components/ui.tsx";
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
      <Card title="Pregnancy">
        <Notice>Pregnancy tracking is private: only {actingFor.value.full_name} can see it.</Notice>
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
      <Card title="Pregnancy">
        <div class="grid stats">
          <Stat
            label="Week"
            value={gestation ? `${gestation.weeks} + ${gestation.days}` : "–"}
            hint="weeks + days"
          />
          <Stat
            label="Due date"
            value={formatDay(pregnancy.due_date, "short")}
            hint={gestation ? `in ${gestation.daysUntilDue} days` : undefined}
          />
          <Stat
            label="Checklist"
            value={
              checklistProgress ? `${checklistProgress.done} / ${checklistProgress.total}` : "–"
            }
          />
          <Stat
            label="Next appointment"
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
