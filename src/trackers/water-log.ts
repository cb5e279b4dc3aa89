import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import type { LogWaterInput } from "./inputs.ts";
import {
  addManualWater,
  DEFAULT_DRINK_ML,
  drinkMl,
  findContainer,
  getWaterDay,
  removeManualWater,
} from "./water-queries.ts";

/**
 * Logs water in millilitres or as drinks of a container (the primary one by default);
 * a negative amount takes back from the day's manual entries. Answers the entry touched
 * and the day's new total.
 */
export async function logWater(tx: Tx, userId: string, input: LogWaterInput) {
  const containerId = input.container_id ?? undefined;
  const container =
    containerId !== undefined || input.change_drinks !== undefined
      ? await findContainer(tx, userId, containerId)
      : undefined;
  if (containerId !== undefined && !container) {
    throw new HttpError(404, "Water container not found.");
  }
  const ml =
    input.water_ml ?? input.change_drinks! * (container ? drinkMl(container) : DEFAULT_DRINK_ML);
  const id =
    ml > 0
      ? await addManualWater(tx, userId, { entry_date: input.entry_date, water_ml: ml, container })
      : await removeManualWater(tx, userId, input.entry_date, -ml);
  const day = await getWaterDay(tx, userId, input.entry_date);
  return { id, water_ml: day.water_ml, entry_date: input.entry_date };
}
