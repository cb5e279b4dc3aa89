import { get } from "../../api/client.ts";
import { nutrientKey, type MicronutrientTargets } from "../../api/micronutrients.ts";
import { Card, ErrorText, Placeholder } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { useLoad } from "../../lib/use-load.ts";
import { MicroRow } from "../diary/day-totals.tsx";

/**
 * Minerals and vitamins over the range: the daily average of the days logged against the
 * targets; when no food logged records any, a line says so instead of a table of zeros.
 */
export function MicronutrientAverages({ range }: { range: { start: string; end: string } }) {
  const { data, error } = useLoad(
    () =>
      get<MicronutrientTargets>(
        `/api/micronutrient-targets?startDate=${range.start}&endDate=${range.end}`,
      ),
    [range.start, range.end],
  );
  return (
    <Card title={t("reports.micronutrients")} class="whole-row">
      <ErrorText error={error} />
      {!data ? (
        <Placeholder height={200} />
      ) : data.targets.every((row) => !row.eaten) ? (
        <p>{t("reports.noMicronutrients")}</p>
      ) : (
        <>
          <p class="hint">{t("reports.micronutrientsHint")}</p>
          <table class="micros">
            <thead>
              <tr>
                <th scope="col">{t("diary.nutrient")}</th>
                <th scope="col">{t("reports.dailyAverage")}</th>
                <th scope="col">{t("budget.goal")}</th>
                <th scope="col">{t("diary.progress")}</th>
              </tr>
            </thead>
            <tbody>
              {data.targets.map((row) => (
                <MicroRow
                  name={t(nutrientKey(row.key))}
                  unit={row.unit}
                  eaten={row.eaten}
                  goal={row.target}
                />
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}
