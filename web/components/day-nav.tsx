import { addDays, formatDay, today } from "../lib/dates.ts";
import { t } from "../i18n/i18n.ts";

/** Previous and next day buttons around a date field; `onChange` gets the new day. */
export function DayNav(props: { day: string; onChange: (day: string) => void }) {
  const { day, onChange } = props;
  return (
    <div class="day-nav">
      <button
        type="button"
        onClick={() => onChange(addDays(day, -1))}
        aria-label={t("day.previous")}
      >
        ‹
      </button>
      <input
        type="date"
        aria-label={t("day.day")}
        value={day}
        onChange={(e) => onChange((e.currentTarget as HTMLInputElement).value || today())}
      />
      <button type="button" onClick={() => onChange(addDays(day, 1))} aria-label={t("day.next")}>
        ›
      </button>
      {day !== today() && (
        <button type="button" onClick={() => onChange(today())}>
          {t("common.today")}
        </button>
      )}
      <span class="visually-hidden" aria-live="polite">
        {formatDay(day)}
      </span>
    </div>
  );
}
