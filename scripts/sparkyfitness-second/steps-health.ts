/** Medications with pens and dose names, a pregnancy with a prenatal medication, cycles. */
import { imageForm, png } from "./client.ts";
import type { World } from "./fill.ts";

async function medications(w: World) {
  const ava = w.ava;
  const mounjaro = await ava.s.post("/api/v2/medications", {
    name: "tirzepatide",
    display_name: "Mounjaro",
    type_id: "injection",
    strength_value: 5,
    strength_unit: "mg",
    dose_amount: 5,
    dose_unit: "mg",
    is_glp1: true,
    prescriber: "Dr Nguyen",
    pharmacy: "Bondi Pharmacy",
  });
  await ava.s.post(`/api/v2/medications/${mounjaro.id}/schedules`, {
    schedule_type_id: "weekly",
    time_of_day: "08:00",
    dose_amount: 5,
    days_of_week: [0],
    start_date: "2026-03-01",
  });
  await ava.s.post(`/api/v2/medications/${mounjaro.id}/pens`, {
    kind: "pen",
    label: "Pen A",
    dose_mg: 5,
    doses_total: 4,
    doses_used: 2,
    status: "in_use",
    opened_at: "2026-03-29",
    expiry_date: "2026-12-31",
    bud_date: "2026-04-26",
  });
  await ava.s.post(`/api/v2/medications/${mounjaro.id}/pens`, {
    kind: "pen",
    label: "Pen B",
    dose_mg: 5,
    doses_total: 4,
    doses_used: 0,
    status: "sealed",
    expiry_date: "2027-01-31",
    bud_date: "2026-05-24",
  });
  const ozempic = await w.ben.s.post("/api/v2/medications", {
    name: "semaglutide",
    display_name: "Ozempic",
    type_id: "injection",
    strength_value: 0.5,
    strength_unit: "mg",
    dose_amount: 0.5,
    dose_unit: "mg",
    is_glp1: true,
  });
  await w.ben.s.post(`/api/v2/medications/${ozempic.id}/pens`, {
    kind: "pen",
    label: "Ozempic pen",
    dose_mg: 0.5,
    doses_total: 4,
    status: "in_use",
    opened_at: "2026-03-01",
    bud_date: "2026-04-26",
  });
  for (const [p, med, day] of [
    [ava, mounjaro, "2026-04-05"],
    [w.ben, ozempic, "2026-03-08"],
  ] as const)
    await p.s.post("/api/v2/medications/entries", {
      medication_id: med.id,
      status: "taken",
      dose_amount: med === mounjaro ? 5 : 0.5,
      taken_at: `${day}T08:05:00.000Z`,
      entry_date: day,
    });
}

async function pregnancy(w: World) {
  const chitra = w.chitra;
  const prenatal = await chitra.s.post("/api/v2/medications", {
    name: "Folic acid + iron",
    display_name: "Prenatal",
    type_id: "tablet",
    dose_amount: 1,
    dose_unit: "tablet",
    is_supplement: true,
  });
  await chitra.s.post(`/api/v2/medications/${prenatal.id}/schedules`, {
    schedule_type_id: "daily",
    time_of_day: "09:00",
    dose_amount: 1,
    start_date: "2026-05-01",
  });
  const preg = await chitra.s.post("/api/v2/pregnancy", {
    due_date: "2027-01-20",
    due_date_basis: "lmp",
    lmp_date: "2026-04-15",
    fetus_count: 1,
    prenatal_medication_id: prenatal.id,
    notes: "First",
  });
  await chitra.s.post("/api/v2/pregnancy/appointments", {
    pregnancy_id: preg.id,
    scheduled_at: "2026-07-10T04:30:00.000Z",
    appointment_type: "scan",
    title: "Anatomy scan",
    location: "Kolkata Medical",
    outcome: { summary: "All normal", weight_kg: 64.2, bp: "112/70" },
  });
  await chitra.s.call(
    "POST",
    "/api/v2/pregnancy/photos",
    imageForm("photo", "bump.png", png(220, 180, 160), {
      pregnancy_id: preg.id,
      week: "20",
      entry_date: "2026-09-02",
      notes: "20 weeks",
    }),
  );
}

async function cycles(w: World) {
  const ella = w.ella;
  await ella.s.put("/api/v2/cycle/settings", {
    average_cycle_length: 28,
    average_period_length: 5,
    tracking_enabled: true,
  });
  const starts = [
    ["2025-05-03", "2025-05-08", false],
    ["2025-05-31", "2025-06-05", false],
    ["2025-06-28", "2025-08-08", true], // an excluded cycle of 41 days
    ["2025-08-08", "2025-08-13", false],
    ["2025-09-05", "2025-09-09", false],
  ] as const;
  for (const [start, end, excluded] of starts)
    await ella.s.post("/api/v2/cycle/cycles", {
      start_date: start,
      end_date: end,
      is_excluded: excluded,
    });
}

export const healthSteps = { medications, pregnancy, cycles } satisfies Record<
  string,
  (w: World) => Promise<void>
>;
