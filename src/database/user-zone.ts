import type { Tx } from "../db.ts";

/**
 * The IANA zone of the user whose data the transaction works on (app_user_id()), for the
 * owner and for a delegate with a live grant alike; UTC when the profile has none. Calendar
 * days of due doses and cycle days are computed in it.
 */
export async function userZone(tx: Tx): Promise<string> {
  const [row] = await tx<{ zone: string | null }[]>`select app_user_timezone() as zone`;
  return row?.zone ?? "UTC";
}

/** The calendar day of `instant` in `zone`, as YYYY-MM-DD. */
export function dayInZone(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

/** The instant at which wall-clock `time` (HH:MM) on `day` happens in `zone`. */
export function instantInZone(day: string, time: string, zone: string): Date {
  const guess = new Date(`${day}T${time.slice(0, 5)}:00Z`);
  // The zone's offset at the guess, applied once, then re-checked for DST edges.
  const offset = (at: Date) => {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      timeZoneName: "longOffset",
    }).formatToParts(at);
    const name = parts.find((p) => p.type === "timeZoneName")?.value ?? "GMT";
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    if (!match) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3]);
    return (match[1] === "-" ? -minutes : minutes) * 60_000;
  };
  const first = new Date(guess.getTime() - offset(guess));
  return new Date(guess.getTime() - offset(first));
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
