import { copyTable } from "../run/copy-rows.ts";
import type { SourceRow } from "../run/context.ts";
import { medicationTypeHere } from "../source/vocabulary.ts";

// Medications and their dose log.
const MEDICATION = [
  "name",
  "display_name",
  "type_id",
  "route_id",
  "strength_value",
  "strength_unit",
  "dose_amount",
  "dose_unit",
  "reason_text",
  "prescriber",
  "pharmacy",
  "rx_number",
  "ndc",
  "rxnorm_rxcui",
  "effectiveness_rating",
  "color",
  "icon",
  "is_active",
  "is_quick",
  "is_glp1",
  "is_supplement",
  "nutrients",
  "notes",
  "source",
  "custom_fields",
];
/**
 * Every form that server's lookup table lists has one here (vocabulary.ts). Its web client
 * rates 1 to 5 stars; a rating outside that (only its API could store one) is left out.
 */
export const medications = copyTable("medications", "medications", MEDICATION, async (u) => {
  const rows = await u.src<SourceRow[]>`
    select m.id, ${u.src(MEDICATION.map((c) => `m.${c}`))},
           coalesce(t.is_injectable, false) as injectable
      from public.medications m left join public.medication_types t on t.id = m.type_id
     where m.user_id = ${u.userId}`;
  return rows.map((r) => {
    const rated =
      r.effectiveness_rating === null ||
      (r.effectiveness_rating >= 1 && r.effectiveness_rating <= 5);
    if (!rated) u.summary.skip("an effectiveness rating outside 1 to 5");
    return {
      ...r,
      type_id: medicationTypeHere(r.type_id, r.injectable),
      effectiveness_rating: rated ? r.effectiveness_rating : null,
    };
  });
});

const DOSE = [
  "medication_id",
  "schedule_id",
  "status",
  "taken_at",
  "scheduled_for",
  "entry_date",
  "med_name_snapshot",
  "dose_amount_snapshot",
  "dose_unit_snapshot",
  "nutrients_snapshot",
  "notes",
  "source",
  "custom_fields",
];
/**
 * Doses keep their schedule (imported first, with the same ids); a dose whose schedule did
 * not come over keeps its history without the link rather than being refused.
 */
export const medicationEntries = copyTable(
  "medication_entries",
  "medication_entries",
  DOSE,
  async (u) => {
    const rows = await u.src<SourceRow[]>`
      select id, ${u.src(DOSE)} from public.medication_entries where user_id = ${u.userId}`;
    const schedules = await u.tx<{ id: string }[]>`
      select id::text from medication_schedules where user_id = ${u.userId}`;
    const here = new Set(schedules.map((s) => s.id));
    return rows.map((r) => ({ ...r, schedule_id: here.has(r.schedule_id) ? r.schedule_id : null }));
  },
);
