const DAY_MS = 86_400_000;
// "HH:MM:SS.mmmZ": what toISOString writes after the date and its "T".
const TIME_LENGTH = 13;

/**
 * The instants `base + offset` (epoch ms) as toISOString writes them, formatting the date of
 * each UTC day once: a day of heart-rate samples costs a fraction of one Date per sample.
 */
export function isoInstants(base: number, offsets: readonly number[]): string[] {
  const out = new Array<string>(offsets.length);
  let day = NaN;
  let datePart = "";
  for (let i = 0; i < offsets.length; i++) {
    const ms = base + offsets[i]!;
    const dayOf = Math.floor(ms / DAY_MS);
    if (dayOf !== day) {
      day = dayOf;
      const iso = new Date(day * DAY_MS).toISOString();
      datePart = iso.slice(0, iso.length - TIME_LENGTH);
    }
    let rest = ms - day * DAY_MS;
    const hours = Math.floor(rest / 3_600_000);
    rest -= hours * 3_600_000;
    const minutes = Math.floor(rest / 60_000);
    rest -= minutes * 60_000;
    const seconds = Math.floor(rest / 1000);
    const millis = rest - seconds * 1000;
    out[i] = `${datePart}${two(hours)}:${two(minutes)}:${two(seconds)}.${three(millis)}Z`;
  }
  return out;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * The to_char format that writes a timestamptz taken `at time zone 'UTC'` as toISOString
 * does (milliseconds, "Z"), for JSON that PostgreSQL builds itself.
 */
export const SQL_ISO_INSTANT = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
