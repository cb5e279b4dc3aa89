import { addDays, formatDay, today } from "../lib/dates.ts";

/** Previous and next day buttons around a date field; `onChange` gets the new day. */
export function DayNav(props: { day: string; onChange: (day: string) => void }) {
  const { day, onChange } = props;
  return (
    <div class="day-nav">
      <button type="button" onClick={() => onChange(addDays(day, -1))} aria-label="Previous day">
        ‹
      </button>
      <input
        type="date"
        aria-label="Day"
        value={day}
        onChange={(e) => onChange((e.currentTarget as HTMLInputElement).value || today())}
      />
      <button type="button" onClick={() => onChange(addDays(day, 1))} aria-label="Next day">
        ›
      </button>
      {day !== today() && (
        <button type="button" onClick={() => onChange(today())}>
          Today
        </button>
      )}
      <span class="visually-hidden" aria-live="polite">
        {formatDay(day)}
      </span>
    </div>
  );
}
