import { useState } from "preact/hooks";
import { errorMessage, get, post } from "../../api/client.ts";
import { Card, ErrorText, Placeholder } from "../../components/ui.tsx";
import { number } from "../../lib/units.ts";
import { useLoad } from "../../lib/use-load.ts";

type Container = { id: number; name: string; volume: number; unit: string; is_primary: boolean };
type WaterDay = { water_ml: number; manual_ml: number };

/** Water of the day: one button per container (or common glass sizes), and taking one back. */
export function WaterCard({ day }: { day: string }) {
  const water = useLoad(
    () =>
      Promise.all([
        get<WaterDay>(`/api/measurements/water-intake/${day}`),
        get<Container[]>("/api/water-containers"),
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
      <Card title="Water">
        <Placeholder height={90} />
      </Card>
    );
  const [today, containers] = water.data;
  return (
    <Card title="Water">
      <p class="big-figure" aria-live="polite">
        {number(today.water_ml, 0)} ml
      </p>
      <div class="actions">
        {containers.length
          ? containers.map((c) => (
              <button type="button" onClick={() => log({ change_drinks: 1, container_id: c.id })}>
                + {c.name} ({number(c.volume, 0)} {c.unit})
              </button>
            ))
          : [250, 500].map((ml) => (
              <button type="button" onClick={() => log({ water_ml: ml })}>
                + {ml} ml
              </button>
            ))}
        <button
          type="button"
          disabled={today.manual_ml <= 0}
          onClick={() => log({ water_ml: -Math.min(250, today.manual_ml) })}
        >
          Take back 250 ml
        </button>
      </div>
      <ErrorText error={error ?? water.error} />
    </Card>
  );
}
