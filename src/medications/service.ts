import type { Tx } from "../db.ts";
import { HttpError } from "../errors.ts";
import { addDays, dayInZone, daysBetween, userZone } from "../database/user-zone.ts";
import { insertEntry, listDoseFeed, type EntryFilter } from "./entry-queries.ts";
import { listMedications, listSchedules, type MedicationRow } from "./queries.ts";
import type { EntryInput } from "./schemas.ts";
import { adherenceOf, doseSlots, slotOutcome } from "./schedule-math.ts";

const DEFAULT_PERIOD_DAYS = 30;
const MAX_PERIOD_DAYS = 366;

/** The doses scheduled on `date` (default: the user's today), each with its outcome so far. */
export async function dueDoses(tx: Tx, userId: string, date: string | undefined, now: Date) {
  const zone = await userZone(tx);
  const day = date ?? dayInZone(now, zone);
  const medications = await listMedications(tx, userId, true);
  const schedules = await listSchedules(
    tx,
    userId,
    medications.map((m) => m.id),
  );
  const entries = await listDoseFeed(tx, userId, { fromDate: day, toDate: day });
  return doseSlots(schedules, day, day, zone).map((slot) => {
    const medication = medications.find((m) => m.id === slot.medication_id)!;
    const entry = entries.find((e) => e.schedule_id === slot.schedule_id);
    return {
      ...slot,
      medication_name: medication.name,
      dose_amount: slot.dose_amount ?? medication.dose_amount,
      dose_unit: medication.dose_unit,
      status: slotOutcome(slot, entries, now),
      entry_id: entry?.id ?? null,
    };
  });
}

/** Adherence per medication from fromDate to toDate (default: the last 30 days to today). */
export async function periodAdherence(tx: Tx, userId: string, filter: EntryFilter, now: Date) {
  const zone = await userZone(tx);
  const toDate = filter.toDate ?? dayInZone(now, zone);
  const fromDate = filter.fromDate ?? addDays(toDate, 1 - DEFAULT_PERIOD_DAYS);
  if (daysBetween(fromDate, toDate) >= MAX_PERIOD_DAYS) {
    throw new HttpError(400, `The period is limited to ${MAX_PERIOD_DAYS} days.`);
  }
  const medications = (await listMedications(tx, userId, false)).filter(
    (m) => !filter.medicationId || m.id === filter.medicationId,
  );
  const ids = medications.map((m) => m.id);
  const schedules = await listSchedules(tx, userId, ids);
  const entries = await listDoseFeed(tx, userId, { ...filter, fromDate, toDate });
  const slots = doseSlots(schedules, fromDate, toDate, zone);
  return { fromDate, toDate, medications: adherenceOf(ids, slots, entries, now) };
}

/**
 * Logs a dose of `medication` (default: taken now), on the day of its scheduled time or of
 * taking it in the user's zone, with the medication's name, dose and, for a supplement
 * taken, its nutrients copied onto the entry.
 */
export async function logDose(tx: Tx, userId: string, medication: MedicationRow, body: EntryInput) {
  const status = body.status ?? "taken";
  const takenAt = body.taken_at ? new Date(body.taken_at) : new Date();
  const dayOf = body.scheduled_for ? new Date(body.scheduled_for) : takenAt;
  const hasNutrients = medication.is_supplement && Object.keys(medication.nutrients).length;
  return insertEntry(tx, {
    ...body,
    user_id: userId,
    status,
    taken_at: takenAt,
    entry_date: body.entry_date ?? dayInZone(dayOf, await userZone(tx)),
    // The name the person gave the drug ("Mounjaro"), else the drug's, as the phone app shows it.
    med_name_snapshot: body.med_name_snapshot ?? medication.display_name ?? medication.name,
    dose_amount_snapshot: body.dose_amount_snapshot ?? medication.dose_amount,
    dose_unit_snapshot: body.dose_unit_snapshot ?? medication.dose_unit,
    nutrients_snapshot: hasNutrients && status !== "skipped" ? medication.nutrients : null,
    custom_fields: body.custom_fields ?? undefined,
  });
}
