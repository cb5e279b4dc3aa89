import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import type { DailySummary, FoodEntry, MealType } from "../../api/food-types.ts";
import type { MicronutrientTargets } from "../../api/micronutrients.ts";
import { DayNav } from "../../components/day-nav.tsx";
import { EnergyBudget } from "../../components/energy-budget.tsx";
import { Card, ErrorText, Notice, Page, Placeholder } from "../../components/ui.tsx";
import { today } from "../../lib/dates.ts";
import { navigate } from "../../lib/router.ts";
import { useLoad } from "../../lib/use-load.ts";
import { DayTotals } from "./day-totals.tsx";
import { MealCard } from "./meal-card.tsx";
import { SaveAsMeal } from "./save-as-meal.tsx";
import { t } from "../../i18n/i18n.ts";

type Day = {
  summary: DailySummary;
  entries: FoodEntry[];
  mealTypes: MealType[];
  micros: MicronutrientTargets;
};

function loadDay(day: string): Promise<Day> {
  return Promise.all([
    get<DailySummary>(`/api/daily-summary?date=${day}`),
    get<FoodEntry[]>(`/api/food-entries/by-date/${day}`),
    get<MealType[]>("/api/meal-types"),
    get<MicronutrientTargets>(`/api/micronutrient-targets?date=${day}`),
  ]).then(([summary, entries, mealTypes, micros]) => ({ summary, entries, mealTypes, micros }));
}

/** The food diary of a day: totals against goals, then each meal with its entries. */
export function Diary({ day = today() }: { day?: string }) {
  const { data, error, reload } = useLoad(() => loadDay(day), [day]);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const meals = data?.mealTypes.filter((m) => m.is_visible) ?? [];

  const copyYesterday = async () => {
    setFailure(null);
    try {
      const copied = await post<FoodEntry[]>("/api/food-entries/copy-yesterday", {
        targetDate: day,
      });
      setNotice(t("diary.copied", { count: copied.length }));
      reload();
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  return (
    <Page
      title={t("diary.title")}
      actions={
        <>
          <DayNav day={day} onChange={(d) => navigate(`/diary/${d}`)} />
          <button type="button" onClick={copyYesterday}>
            {t("diary.copyDayBefore")}
          </button>
        </>
      }
    >
      <ErrorText error={error ?? failure} />
      {notice && <Notice>{notice}</Notice>}
      <Card title={t("diary.totals")} class="totals">
        {data ? (
          <>
            <EnergyBudget
              goal={data.summary.progress.calories?.goal ?? null}
              food={data.summary.nutrition.totals.calories ?? 0}
              exercise={data.summary.exercise.calories_burned}
            />
            <DayTotals summary={data.summary} micros={data.micros} />
          </>
        ) : (
          <Placeholder height={150} />
        )}
      </Card>
      {data ? (
        meals.map((mealType) => (
          <MealCard
            day={day}
            mealType={mealType}
            mealTypes={meals}
            entries={data.entries.filter((e) => e.meal_type_id === mealType.id)}
            onChange={reload}
          />
        ))
      ) : (
        <Placeholder height={400} />
      )}
      {data && data.entries.length > 0 && (
        <Card title={t("diary.saveAsMeal")}>
          <SaveAsMeal day={day} mealTypes={meals} />
        </Card>
      )}
    </Page>
  );
}
