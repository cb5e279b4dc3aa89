import { useState } from "preact/hooks";
import type { CheckIn } from "../../api/types.ts";
import { formatDay } from "../../lib/dates.ts";
import { profile, units } from "../../lib/session.ts";
import { bodyMassIndex, columnNumbers } from "../../lib/units.ts";
import { FORM_FIELDS, fieldLabel, toDisplay } from "./measurement-fields.ts";
import { t } from "../../i18n/i18n.ts";

const SHOWN = FORM_FIELDS.slice(0, 6);
// Two weeks at first; the rest of the last 60 check-ins on asking.
const FIRST_ROWS = 14;

/**
 * The year's check-ins, newest first, two weeks of them until more are asked for; each day
 * links to its form. Measurements never taken in these rows have no column.
 */
export function CheckInHistory({ history }: { history: CheckIn[] }) {
  const u = units.value;
  const [all, setAll] = useState(false);
  if (!history.length) return <p>{t("checkins.noHistory")}</p>;
  const recent = [...history].reverse().slice(0, 60);
  const rows = all ? recent : recent.slice(0, FIRST_ROWS);
  const shown = SHOWN.filter((f) => rows.some((c) => c[f.key] != null));
  const shownValues = (f: (typeof SHOWN)[number]) =>
    rows.flatMap((c) => (c[f.key] == null ? [] : [toDisplay(f.kind, c[f.key]!, u)]));
  const formats = new Map(shown.map((f) => [f.key, columnNumbers(shownValues(f))]));
  const bmis = rows.map((c) => bodyMassIndex(c.weight, c.height ?? profile.value?.height ?? null));
  const bmiFormat = columnNumbers(bmis.filter((b) => b != null));
  return (
    <>
      <div class="table-scroll" tabIndex={0} role="region" aria-label={t("checkins.historyTable")}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t("day.day")}</th>
              {shown.map((f) => (
                <th scope="col">{fieldLabel(f, u)}</th>
              ))}
              <th scope="col">{t("checkins.bmi")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c, i) => {
              const bmi = bmis[i];
              return (
                <tr>
                  <th scope="row">
                    <a href={`#/check-ins/${c.entry_date}`}>{formatDay(c.entry_date, "short")}</a>
                  </th>
                  {shown.map((f) => (
                    <td>
                      {c[f.key] == null
                        ? "–"
                        : formats.get(f.key)!(toDisplay(f.kind, c[f.key]!, u))}
                    </td>
                  ))}
                  <td>{bmi == null ? "–" : bmiFormat(bmi)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {rows.length < recent.length && (
        <button type="button" class="link-button" onClick={() => setAll(true)}>
          {t("checkins.showMore", { count: recent.length - rows.length })}
        </button>
      )}
    </>
  );
}
