import { describe, expect, test } from "bun:test";
import { levelAt, levelCurve } from "../../src/medications/drug-level.ts";
import { suggestNextSite } from "../../src/medications/injection-sites.ts";
import type { ScheduleRow } from "../../src/medications/queries.ts";
import {
  adherenceOf,
  doseSlots,
  slotOutcome,
  type LoggedDose,
} from "../../src/medications/schedule-math.ts";
import { currentStep, planSteps } from "../../src/medications/titration.ts";

const schedule = (over: Partial<ScheduleRow>): ScheduleRow => ({
  id: "s",
  medication_id: "m",
  schedule_type_id: "daily",
  time_of_day: null,
  dose_amount: 1,
  days_of_week: null,
  interval_days: null,
  day_of_month: null,
  cycle_on_days: null,
  cycle_off_days: null,
  prn_reason: null,
  prn_max_per_day: null,
  with_meal: null,
  start_date: "2026-03-01",
  end_date: null,
  active: true,
  ...over,
});

// 2026-03-01 is a Sunday. A: daily 08:00; B: Mondays and Thursdays 20:00; C: every third
// day from the 1st, no time (due by the end of the day); D: as needed (never due).
const A = schedule({ id: "A", medication_id: "a", time_of_day: "08:00" });
const B = schedule({
  id: "B",
  medication_id: "b",
  schedule_type_id: "weekly",
  days_of_week: [1, 4],
  time_of_day: "20:00",
});
const C = schedule({
  id: "C",
  medication_id: "c",
  schedule_type_id: "every_n_days",
  interval_days: 3,
});
const D = schedule({ id: "D", medication_id: "d", schedule_type_id: "prn" });
const NOW = new Date("2026-03-07T12:00:00Z");

const dose = (
  schedule_id: string | null,
  medication_id: string,
  entry_date: string,
  status: string,
  at: string,
): LoggedDose => ({
  schedule_id,
  medication_id,
  entry_date,
  status,
  taken_at: new Date(at),
});
const ENTRIES = [
  dose("A", "a", "2026-03-01", "taken", "2026-03-01T08:10:00Z"), // on time
  dose("A", "a", "2026-03-02", "taken", "2026-03-02T09:30:00Z"), // 90 min after: late
  dose("A", "a", "2026-03-03", "skipped", "2026-03-03T08:00:00Z"),
  dose("A", "a", "2026-03-04", "late", "2026-03-04T08:20:00Z"), // logged as late
  dose("A", "a", "2026-03-05", "taken", "2026-03-05T08:00:00Z"),
  dose(null, "a", "2026-03-05", "taken", "2026-03-05T14:00:00Z"), // an extra, as-needed dose
  dose("B", "b", "2026-03-02", "taken", "2026-03-02T20:05:00Z"),
  dose("C", "c", "2026-03-01", "taken", "2026-03-01T23:00:00Z"), // no time: never late
];

describe("due doses and adherence on a hand-checked week", () => {
  const slots = doseSlots([A, B, C, D], "2026-03-01", "2026-03-07", "UTC");

  test("the slots: A every day, B on Monday and Thursday, C on the 1st, 4th and 7th, D never", () => {
    const byMedication = (id: string) =>
      slots.filter((s) => s.medication_id === id).map((s) => s.day);
    expect(byMedication("a")).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
    ]);
    expect(byMedication("b")).toEqual(["2026-03-02", "2026-03-05"]);
    expect(byMedication("c")).toEqual(["2026-03-01", "2026-03-04", "2026-03-07"]);
    expect(byMedication("d")).toEqual([]);
    expect(slots.find((s) => s.schedule_id === "B")!.scheduled_for.toISOString()).toBe(
      "2026-03-02T20:00:00.000Z",
    );
  });

  test("the kinds SparkyFitness has too: specific days, monthly, cyclic on/off, taper", () => {
    const days = (over: Partial<ScheduleRow>) =>
      doseSlots([schedule(over)], "2026-03-01", "2026-03-10", "UTC").map((s) => s.day);
    expect(days({ schedule_type_id: "specific_days", days_of_week: [0, 3] })).toEqual([
      "2026-03-01",
      "2026-03-04",
      "2026-03-08",
    ]);
    expect(days({ schedule_type_id: "monthly", day_of_month: 9 })).toEqual(["2026-03-09"]);
    // Two days on, three off, from the 1st.
    expect(days({ schedule_type_id: "cyclic", cycle_on_days: 2, cycle_off_days: 3 })).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-06",
      "2026-03-07",
    ]);
    expect(days({ schedule_type_id: "taper", end_date: "2026-03-03" })).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
    ]);
  });

  test("adherence counts only doses due by now: taken, late, skipped, missed", () => {
    const result = adherenceOf(["a", "b", "c", "d"], slots, ENTRIES, NOW);
    expect(result).toEqual([
      // 7 due: 2 on time, 2 late, 1 skipped, 2 missed (the 6th, and the 7th at 08:00 < noon): 4/7.
      {
        medication_id: "a",
        expected: 7,
        taken: 2,
        late: 2,
        skipped: 1,
        missed: 2,
        adherence_percent: 57.1,
        as_needed_doses: 1,
      },
      {
        medication_id: "b",
        expected: 2,
        taken: 1,
        late: 0,
        skipped: 0,
        missed: 1,
        adherence_percent: 50,
        as_needed_doses: 0,
      },
      // The 7th is due by the end of the day, so it is not yet missed.
      {
        medication_id: "c",
        expected: 2,
        taken: 1,
        late: 0,
        skipped: 0,
        missed: 1,
        adherence_percent: 50,
        as_needed_doses: 0,
      },
      {
        medication_id: "d",
        expected: 0,
        taken: 0,
        late: 0,
        skipped: 0,
        missed: 0,
        adherence_percent: null,
        as_needed_doses: 0,
      },
    ]);
  });

  test("today's doses in time order, each with its state at noon", () => {
    const today = doseSlots([A, B, C, D], "2026-03-07", "2026-03-07", "UTC");
    expect(today.map((s) => [s.schedule_id, slotOutcome(s, ENTRIES, NOW)])).toEqual([
      ["A", "missed"],
      ["C", "due"],
    ]);
  });

  test("slots follow the user's zone: 08:00 in New York is 13:00 UTC, 12:00 UTC once DST starts (8 March)", () => {
    const [slot] = doseSlots([A], "2026-03-09", "2026-03-09", "America/New_York");
    expect(slot!.scheduled_for.toISOString()).toBe("2026-03-09T12:00:00.000Z");
    const [winter] = doseSlots([A], "2026-03-02", "2026-03-02", "America/New_York");
    expect(winter!.scheduled_for.toISOString()).toBe("2026-03-02T13:00:00.000Z");
  });

  test("an injection of the medication on the day counts for its slot, not as an extra dose", () => {
    const injection = {
      ...dose(null, "b", "2026-03-05", "taken", "2026-03-05T19:50:00Z"),
      entry_type: "injection",
    };
    const [b] = adherenceOf(["b"], slots, [...ENTRIES, injection], NOW);
    expect(b).toMatchObject({
      expected: 2,
      taken: 2,
      missed: 0,
      adherence_percent: 100,
      as_needed_doses: 0,
    });
  });

  test("an ended or inactive schedule has no slots", () => {
    expect(
      doseSlots([{ ...A, end_date: "2026-03-02" }], "2026-03-01", "2026-03-07", "UTC"),
    ).toHaveLength(2);
    expect(doseSlots([{ ...A, active: false }], "2026-03-01", "2026-03-07", "UTC")).toHaveLength(0);
  });
});

describe("injection site rotation", () => {
  const sites = ["abdomen_left", "abdomen_right", "thigh_left"];
  const at = (site: string, day: string) => ({ site, injected_at: new Date(`${day}T09:00:00Z`) });

  test("a site never used comes first, in the configured order", () => {
    const result = suggestNextSite(sites, [
      at("abdomen_left", "2026-03-01"),
      at("abdomen_right", "2026-03-08"),
    ]);
    expect(result.suggested_site).toBe("thigh_left");
  });

  test("once all are used, the least recently used one", () => {
    const used = [
      at("abdomen_left", "2026-03-01"),
      at("abdomen_right", "2026-03-08"),
      at("thigh_left", "2026-03-15"),
    ];
    expect(suggestNextSite(sites, used).suggested_site).toBe("abdomen_left");
    expect(suggestNextSite(sites, [...used, at("abdomen_left", "2026-03-22")]).suggested_site).toBe(
      "abdomen_right",
    );
  });
});

describe("estimated drug level (one compartment, first-order elimination)", () => {
  // Two 1 mg doses a week apart, half-life one week (168 h), computed by hand:
  // A(t) = 1·2^(−t/168) + 1·2^(−(t−168)/168) for t ≥ 168.
  const doses = [
    { at: new Date("2026-03-01T00:00:00Z"), amount: 1 },
    { at: new Date("2026-03-08T00:00:00Z"), amount: 1 },
  ];

  test("matches the hand-computed values", () => {
    const hours = (h: number) => new Date(Date.UTC(2026, 2, 1) + h * 3_600_000);
    expect(levelAt(doses, hours(-1), 168)).toBe(0);
    expect(levelAt(doses, hours(0), 168)).toBeCloseTo(1, 10);
    expect(levelAt(doses, hours(84), 168)).toBeCloseTo(0.7071067812, 9); // 2^-0.5
    expect(levelAt(doses, hours(168), 168)).toBeCloseTo(1.5, 10);
    expect(levelAt(doses, hours(336), 168)).toBeCloseTo(0.75, 10);
  });

  test("the curve samples every step from start to end", () => {
    const curve = levelCurve(doses, doses[0]!.at, new Date("2026-03-15T00:00:00Z"), 168, 168);
    expect(curve).toEqual([
      { at: "2026-03-01T00:00:00.000Z", amount: 1 },
      { at: "2026-03-08T00:00:00.000Z", amount: 1.5 },
      { at: "2026-03-15T00:00:00.000Z", amount: 0.75 },
    ]);
  });
});

describe("titration plan", () => {
  const step = (
    step_order: number,
    dose_amount: number,
    start_date: string | null,
    planned_weeks: number | null,
  ) => ({
    id: String(step_order),
    step_order,
    dose_amount,
    dose_unit: "mg",
    start_date,
    planned_weeks,
    note: null,
  });
  const planned = planSteps([
    step(2, 0.5, null, 4),
    step(1, 0.25, "2026-01-01", 4),
    step(3, 1, null, null),
  ]);

  test("undated steps start when the previous one's weeks end", () => {
    expect(planned.map((s) => [s.dose_amount, s.starts_on, s.ends_on])).toEqual([
      [0.25, "2026-01-01", "2026-01-28"],
      [0.5, "2026-01-29", "2026-02-25"],
      [1, "2026-02-26", null],
    ]);
  });

  test("the current step is the last one started", () => {
    expect(currentStep(planned, "2025-12-31")).toBeNull();
    expect(currentStep(planned, "2026-01-28")!.dose_amount).toBe(0.25);
    expect(currentStep(planned, "2026-02-01")!.dose_amount).toBe(0.5);
    expect(currentStep(planned, "2026-06-01")!.dose_amount).toBe(1);
  });
});
