import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Placeholder } from "../../components/ui.tsx";
import { t } from "../../i18n/i18n.ts";
import { preferences } from "../../lib/session.ts";
import {
  formatWater,
  number,
  waterFromMl,
  waterLabel,
  waterServings,
  type WaterUnit,
} from "../../lib/units.ts";
import { useLoad } from "../../lib/use-load.ts";

// The server answers a container's volume in millilitres, with the unit to show it in.
type Container = {
  id: number;
  name: string;
  volume: number;
  unit: WaterUnit;
  is_primary: boolean;
};
type WaterDay = { water_ml: number; manual_ml: number };
type DayGoals = { water_goal_ml: number | null };

/**
 * Water of the day against its goal: one button per container (or common glass sizes), and
 * taking one back.
 */
export function WaterCard({ day }: { day: string }) {
  const water = useLoad(
    () =>
      Promise.all([
        get<WaterDay>(`/api/measurements/water-intake/${day}`),
        get<Container[]>("/api/water-containers"),
        get<DayGoals>(`/api/goals/for-date?date=${day}`),
      ]),
    [day],
  );
  const [error, setError] = useState<string | null>(null);
  const log = (body: Record<string, number>) =>
    post("/api/measurements/water-intake", { entry_date: day, ...body }).then(water.reload, (e) =>
      setError(errorMessage(e)),
    );
  if (!water.data)
    return (
      <Card title={t("today.water")}>
        {water.error ? <ErrorText error={water.error} /> : <Placeholder height={140} />}
      </Card>
    );
  const [today, containers, { water_goal_ml: goal }] = water.data;
  const unit = preferences.value.water_display_unit;
  const [glass] = waterServings(unit) as [number];
  return (
    <Card title={t("today.water")}>
      <p class="big-figure" aria-live="polite">
        {formatWater(today.water_ml, unit)}
      </p>
      {goal ? (
        <div class="water-goal">
          <progress
            max={goal}
            value={Math.min(today.water_ml, goal)}
            aria-label={t("trackers.waterDrunk")}
          />
          <span class="hint">
            {t("trackers.ofGoal", { share: today.water_ml / goal, goal: formatWater(goal, unit) })}
          </span>
        </div>
      ) : null}
      <div class="actions">
        {containers.length
          ? containers.map((c) => (
              <button type="button" onClick={() => log({ change_drinks: 1, container_id: c.id })}>
                + {c.name} ({number(waterFromMl(c.volume, c.unit), 2)} {waterLabel(c.unit)})
              </button>
            ))
          : waterServings(unit).map((ml) => (
              <button type="button" onClick={() => log({ water_ml: Math.round(ml) })}>
                + {formatWater(ml, unit)}
              </button>
            ))}
        <button
          type="button"
          disabled={today.manual_ml <= 0}
          onClick={() => log({ water_ml: -Math.min(Math.round(glass), today.manual_ml) })}
        >
          {t("trackers.takeBack", { amount: formatWater(glass, unit) })}
        </button>
      </div>
      <ErrorText error={error ?? water.error} />
    </Card>
  );
}
