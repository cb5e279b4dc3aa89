import { get } from "../../api/client.ts";
import type { DaySamples, Workout } from "../../api/types.ts";
import { addDays } from "../../lib/dates.ts";

/** Noon of the day in local time, in Unix seconds (an x value for day charts). */
export function dayToSeconds(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 12).getTime() / 1000;
}

/** Every source's samples of the day merged in time order. */
export function samplesSeries(days: DaySamples[]): { x: number[]; y: number[] } {
  const all = days.flatMap((d) => d.samples).sort((a, b) => a.t.localeCompare(b.t));
  return { x: all.map((s) => Date.parse(s.t) / 1000), y: all.map((s) => s.value) };
}

/**
 * The newest workout within `span` days up to `day`. The API lists workouts per day, so the
 * days are asked for together and the newest non-empty one wins.
 */
export async function lastWorkout(day: string, span: number): Promise<Workout | null> {
  const days = Array.from({ length: span }, (_, i) => addDays(day, -i));
  const lists = await Promise.all(
    days.map((d) => get<Workout[]>(`/api/exercise-entries/by-date?selectedDate=${d}`)),
  );
  const found = lists.find((list) => list.length > 0);
  return found ? found[found.length - 1]! : null;
}
