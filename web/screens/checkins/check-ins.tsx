import { get } from "../../api/client.ts";
import type { CheckIn } from "../../api/types.ts";
import { Card, ErrorText, Page, Placeholder } from "../../components/ui.tsx";
import { addDays, today } from "../../lib/dates.ts";
import { navigate } from "../../lib/router.ts";
import { preferences, profile } from "../../lib/session.ts";
import { useLoad } from "../../lib/use-load.ts";
import { energyPlan } from "../goals/energy-plan.ts";
import { CheckInHistory } from "./check-in-history.tsx";
import { MeasurementForm } from "./measurement-form.tsx";
import { PhotoCompare } from "./photo-compare.tsx";
import { PhotoGallery } from "./photo-gallery.tsx";
import { PhotoUpload } from "./photo-upload.tsx";
import { WeightChart } from "./weight-chart.tsx";
import { t } from "../../i18n/i18n.ts";

const HISTORY_DAYS = 365;

/** One day's measurements and photos, the year's history and the weight trend. */
export function CheckIns({ day = today() }: { day?: string }) {
  const history = useLoad(
    () =>
      get<CheckIn[]>(
        `/api/measurements/check-in-measurements-range/${addDays(today(), -HISTORY_DAYS)}/${today()}`,
      ),
    [],
  );
  const current = useLoad(
    () => get<CheckIn | Record<string, never>>(`/api/measurements/check-in/${day}`),
    [day],
  );
  const goals = useLoad(
    () => get<{ calories?: number; target_weight?: number }>(`/api/goals/for-date?date=${today()}`),
    [],
  );
  const plan =
    history.data && goals.data && profile.value
      ? energyPlan(today(), profile.value, preferences.value, history.data, goals.data)
      : undefined;
  const saved = () => {
    current.reload();
    history.reload();
  };
  const checkIn = current.data && "id" in current.data ? (current.data as CheckIn) : null;

  return (
    <Page
      title={t("checkins.title")}
      actions={
        <label class="inline-field">
          {t("day.day")}{" "}
          <input
            type="date"
            value={day}
            max={today()}
            onChange={(e) => navigate(`/check-ins/${(e.currentTarget as HTMLInputElement).value}`)}
          />
        </label>
      }
    >
      <ErrorText error={current.error ?? history.error} />
      <div class="grid two">
        <Card title={t("checkins.measurements")}>
          {current.data ? (
            <MeasurementForm key={day} day={day} checkIn={checkIn} onSaved={saved} />
          ) : (
            <Placeholder height={420} />
          )}
        </Card>
        <Card title={t("checkins.photos")}>
          <PhotoUpload day={day} />
        </Card>
      </div>
      <Card title={t("checkins.weightTrend")}>
        {history.data ? (
          <WeightChart history={history.data} plan={plan} />
        ) : (
          <Placeholder height={220} />
        )}
      </Card>
      <Card title={t("checkins.gallery")}>
        <PhotoGallery />
      </Card>
      <Card title={t("checkins.compare")}>
        <PhotoCompare />
      </Card>
      <Card title={t("checkins.history")}>
        {history.data ? <CheckInHistory history={history.data} /> : <Placeholder height={200} />}
      </Card>
    </Page>
  );
}
