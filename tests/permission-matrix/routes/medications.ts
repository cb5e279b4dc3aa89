import type { MatrixOwner, MatrixRoute, Seeded } from "../types.ts";
import { ownerJson } from "../seeds.ts";

const MEDS = "/api/v2/medications";
const SYMPTOMS = "/api/v2/symptoms";

/** A medication with a schedule, a logged dose, a pen, an injection and a titration step. */
async function seedMedication(owner: MatrixOwner) {
  const med = await ownerJson(owner, "POST", MEDS, {
    name: "Semaglutide",
    type_id: "injection",
    dose_amount: 0.25,
    dose_unit: "mg",
  });
  const schedule = await ownerJson(owner, "POST", `${MEDS}/${med.id}/schedules`, {
    schedule_type_id: "daily",
    time_of_day: "08:00",
  });
  const entry = await ownerJson(owner, "POST", `${MEDS}/entries`, {
    medication_id: med.id,
    schedule_id: schedule.id,
  });
  const pen = await ownerJson(owner, "POST", `${MEDS}/${med.id}/pens`, { total_units: 100 });
  const injection = await ownerJson(owner, "POST", `${MEDS}/${med.id}/injections`, {
    pen_id: pen.id,
    units: 10,
    dose_mg: 0.25,
    site: "thigh_left",
  });
  await ownerJson(owner, "PUT", `${MEDS}/${med.id}/titration`, {
    steps: [{ dose_amount: 0.25, start_date: "2026-01-01", planned_weeks: 4 }],
  });
  return {
    id: med.id,
    scheduleId: schedule.id,
    entryId: entry.id,
    penId: pen.id,
    injectionId: injection.id,
  } as Record<string, string>;
}

async function seedSymptoms(owner: MatrixOwner) {
  const symptom = await ownerJson(owner, "POST", SYMPTOMS, { name: "Nausea" });
  const location = await ownerJson(owner, "POST", `${SYMPTOMS}/locations`, { name: "Stomach" });
  const entry = await ownerJson(owner, "POST", `${SYMPTOMS}/entries`, {
    symptom_id: symptom.id,
    severity: 3,
    entry_date: "2026-03-01",
  });
  return { symptomId: symptom.id, locationId: location.id, entryId: entry.id } as Record<
    string,
    string
  >;
}

// The spec: can_manage_medications reads and writes; can_view_reports reads (downgrade).
const read = { permission: "can_manage_medications", write: false, seed: seedMedication } as const;
const write = { permission: "can_manage_medications", write: true, seed: seedMedication } as const;
const symptomRead = { ...read, seed: seedSymptoms };
const symptomWrite = { ...write, seed: seedSymptoms };

export const routes: MatrixRoute[] = [
  { ...read, method: "GET", path: MEDS },
  { ...read, method: "GET", path: (s) => `${MEDS}/${s.id}` },
  {
    ...write,
    method: "POST",
    path: MEDS,
    body: { name: "Vitamin D", type_id: "supplement" },
    okStatus: 201,
  },
  { ...write, method: "PUT", path: (s) => `${MEDS}/${s.id}`, body: { notes: "weekly" } },
  { ...write, method: "DELETE", path: (s) => `${MEDS}/${s.id}`, okStatus: 204 },
  {
    ...write,
    method: "POST",
    path: (s) => `${MEDS}/${s.id}/schedules`,
    body: { schedule_type_id: "prn" },
    okStatus: 201,
  },
  {
    ...write,
    method: "PUT",
    path: (s) => `${MEDS}/schedules/${s.scheduleId}`,
    body: { time_of_day: "09:00" },
  },
  { ...write, method: "DELETE", path: (s) => `${MEDS}/schedules/${s.scheduleId}`, okStatus: 204 },
  { ...read, method: "GET", path: `${MEDS}/entries` },
  {
    ...write,
    method: "POST",
    path: `${MEDS}/entries`,
    body: (s: Seeded) => ({ medication_id: s.id, status: "skipped" }),
    okStatus: 201,
  },
  {
    ...write,
    method: "PUT",
    path: (s) => `${MEDS}/entries/${s.entryId}`,
    body: { status: "late" },
  },
  { ...write, method: "DELETE", path: (s) => `${MEDS}/entries/${s.entryId}`, okStatus: 204 },
  { ...read, method: "GET", path: `${MEDS}/due` },
  { ...read, method: "GET", path: `${MEDS}/adherence` },
  { ...read, method: "GET", path: `${MEDS}/supplement-nutrients?date=2026-03-01` },
  { ...read, method: "GET", path: (s) => `${MEDS}/${s.id}/pens` },
  {
    ...write,
    method: "POST",
    path: (s) => `${MEDS}/${s.id}/pens`,
    body: { total_units: 50 },
    okStatus: 201,
  },
  {
    ...write,
    method: "PUT",
    path: (s) => `${MEDS}/pens/${s.penId}`,
    body: { opened_date: "2026-03-01" },
  },
  { ...write, method: "DELETE", path: (s) => `${MEDS}/pens/${s.penId}`, okStatus: 204 },
  { ...read, method: "GET", path: (s) => `${MEDS}/${s.id}/injections` },
  {
    ...write,
    method: "POST",
    path: (s) => `${MEDS}/${s.id}/injections`,
    body: { site: "arm_left", dose_mg: 0.25 },
    okStatus: 201,
  },
  { ...write, method: "DELETE", path: (s) => `${MEDS}/injections/${s.injectionId}`, okStatus: 204 },
  { ...read, method: "GET", path: (s) => `${MEDS}/${s.id}/next-site` },
  { ...read, method: "GET", path: (s) => `${MEDS}/${s.id}/titration` },
  {
    ...write,
    method: "PUT",
    path: (s) => `${MEDS}/${s.id}/titration`,
    body: { steps: [{ dose_amount: 0.5 }] },
  },
  { ...read, method: "GET", path: (s) => `${MEDS}/${s.id}/level?halfLifeHours=168` },
  { ...symptomRead, method: "GET", path: SYMPTOMS },
  { ...symptomWrite, method: "POST", path: SYMPTOMS, body: { name: "Headache" } },
  { ...symptomWrite, method: "DELETE", path: (s) => `${SYMPTOMS}/${s.symptomId}`, okStatus: 204 },
  { ...symptomRead, method: "GET", path: `${SYMPTOMS}/locations` },
  { ...symptomWrite, method: "POST", path: `${SYMPTOMS}/locations`, body: { name: "Head" } },
  {
    ...symptomWrite,
    method: "DELETE",
    path: (s) => `${SYMPTOMS}/locations/${s.locationId}`,
    okStatus: 204,
  },
  { ...symptomRead, method: "GET", path: `${SYMPTOMS}/entries` },
  {
    ...symptomWrite,
    method: "POST",
    path: `${SYMPTOMS}/entries`,
    body: { symptom_name_snapshot: "Fatigue", severity: 2 },
    okStatus: 201,
  },
  {
    ...symptomWrite,
    method: "DELETE",
    path: (s) => `${SYMPTOMS}/entries/${s.entryId}`,
    okStatus: 204,
  },
];
