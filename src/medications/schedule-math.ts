import { addDays, daysBetween, instantInZone } from "../database/user-zone.ts";
import type { ScheduleRow } from "./queries.ts";

/**
 * Due doses and adherence, as pure functions of schedules and logged entries, so the
 * arithmetic is tested on hand-checked schedules without a clock or a database.
 */

/** A dose taken this long after its scheduled time counts as late. */
export const LATE_AFTER_MINUTES = 60;

export type DoseSlot = {
  schedule_id: string;
  medication_id: string;
  day: string;
  time_of_day: string | null;
  /** The scheduled instant; a schedule without a time is due by the end of the day. */
  scheduled_for: Date;
  dose_amount: number | null;
};

export type LoggedDose = {
  schedule_id: string | null;
  medication_id: string | null;
  entry_date: string;
  status: string;
  taken_at: Date;
  /** 'injection' for a logged injection (the dose feed merges them in). */
  entry_type?: string;
};

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Whether `schedule` has a dose on `day` (prn and inactive schedules never do). */
export function isDueOn(schedule: ScheduleRow, day: string): boolean {
  if (!schedule.active || schedule.schedule_type_id === "prn") return false;
  if (schedule.start_date && day < schedule.start_date) return false;
  if (schedule.end_date && day > schedule.end_date) return false;
  switch (schedule.schedule_type_id) {
    case "daily":
    case "taper":
      return true;
    case "weekly":
    case "specific_days":
      return (schedule.days_of_week ?? []).includes(weekday(day));
    case "every_n_days": {
      const since = daysBetween(schedule.start_date!, day);
      return since >= 0 && since % schedule.interval_days! === 0;
    }
    case "monthly":
      return Number(day.slice(8, 10)) === schedule.day_of_month;
    case "cyclic": {
      const since = daysBetween(schedule.start_date!, day);
      const period = schedule.cycle_on_days! + (schedule.cycle_off_days ?? 0);
      return since >= 0 && since % period < schedule.cycle_on_days!;
    }
  }
}

/** Every scheduled dose from `from` to `to` inclusive, in time order. */
export function doseSlots(
  schedules: ScheduleRow[],
  from: string,
  to: string,
  zone: string,
): DoseSlot[] {
  const slots: DoseSlot[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    for (const s of schedules) {
      if (!isDueOn(s, day)) continue;
      const at = s.time_of_day
        ? instantInZone(day, s.time_of_day, zone)
        : new Date(instantInZone(addDays(day, 1), "00:00", zone).getTime() - 1);
      slots.push({
        schedule_id: s.id,
        medication_id: s.medication_id,
        day,
        time_of_day: s.time_of_day,
        scheduled_for: at,
        dose_amount: s.dose_amount,
      });
    }
  }
  return slots.sort((a, b) => a.scheduled_for.getTime() - b.scheduled_for.getTime());
}

export type SlotOutcome = "taken" | "late" | "skipped" | "missed" | "due";

/**
 * What happened to a slot: its logged entry (same schedule and day), or an injection of the
 * medication that day (weekly injectables are logged as injections), else missed or still due.
 */
export function slotOutcome(slot: DoseSlot, entries: LoggedDose[], now: Date): SlotOutcome {
  const sameDay = (e: LoggedDose) => e.entry_date === slot.day;
  const entry =
    entries.find((e) => sameDay(e) && e.schedule_id === slot.schedule_id) ??
    entries.find(
      (e) => sameDay(e) && e.entry_type === "injection" && e.medication_id === slot.medication_id,
    );
  if (!entry || entry.status === "snoozed") {
    return slot.scheduled_for.getTime() < now.getTime() ? "missed" : "due";
  }
  if (entry.status === "skipped") return "skipped";
  if (entry.status === "late") return "late";
  const lateBy = entry.taken_at.getTime() - slot.scheduled_for.getTime();
  return slot.time_of_day && lateBy > LATE_AFTER_MINUTES * 60_000 ? "late" : "taken";
}

export type Adherence = {
  medication_id: string;
  expected: number;
  taken: number;
  late: number;
  skipped: number;
  missed: number;
  /** Taken on time or late, out of the doses due so far; null when none were due. */
  adherence_percent: number | null;
  as_needed_doses: number;
};

/** Adherence per medication over the slots that were due by `now`. */
export function adherenceOf(
  medicationIds: string[],
  slots: DoseSlot[],
  entries: LoggedDose[],
  now: Date,
): Adherence[] {
  return medicationIds.map((medicationId) => {
    const counts = { taken: 0, late: 0, skipped: 0, missed: 0, due: 0 };
    for (const slot of slots) {
      if (slot.medication_id === medicationId) counts[slotOutcome(slot, entries, now)]++;
    }
    const expected = counts.taken + counts.late + counts.skipped + counts.missed;
    const done = counts.taken + counts.late;
    return {
      medication_id: medicationId,
      expected,
      taken: counts.taken,
      late: counts.late,
      skipped: counts.skipped,
      missed: counts.missed,
      adherence_percent: expected ? Math.round((done / expected) * 1000) / 10 : null,
      as_needed_doses: entries.filter(
        (e) =>
          e.medication_id === medicationId &&
          !e.schedule_id &&
          e.entry_type !== "injection" &&
          e.status !== "skipped",
      ).length,
    };
  });
}
