import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { isUuid } from "../http/path-params.ts";
import { targetEnd } from "./fasting-plans.ts";
import { findActiveFast, startFast, updateFast } from "./fasting-queries.ts";
import type { EndFastInput, StartFastInput } from "./inputs.ts";

const ALREADY_ACTIVE = "A fast is already running; end it first.";
const NOTHING_TO_END = "No running fast to end.";

/** Starts a fast (one at a time); its target end follows the plan unless given. */
export async function beginFast(tx: Tx, userId: string, input: StartFastInput) {
  if (input.fasting_type === "custom" && input.target_hours === undefined) {
    throw new HttpError(400, "target_hours: required for a custom fast");
  }
  const start = input.start_time ?? new Date().toISOString();
  if (await findActiveFast(tx, userId)) throw new HttpError(409, ALREADY_ACTIVE);
  return startFast(tx, userId, {
    start_time: start,
    fasting_type: input.fasting_type ?? null,
    target_end_time:
      input.target_end_time ?? targetEnd(start, input.fasting_type ?? null, input.target_hours),
  });
}

/** Ends the running fast, or the one named by id; a 404 when there is none. */
export async function finishFast(tx: Tx, userId: string, input: EndFastInput) {
  const id = input.id ?? (await findActiveFast(tx, userId))?.id;
  const end = input.end_time ?? new Date().toISOString();
  const fast =
    id && isUuid(id)
      ? await updateFast(tx, userId, id, { end_time: end, status: input.status })
      : undefined;
  if (!fast) throw new HttpError(404, NOTHING_TO_END);
  return fast;
}
