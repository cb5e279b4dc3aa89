import { JPEG } from "../../helpers/image-fixtures.ts";
import type { MatrixOwner, MatrixRoute, Seeded } from "../types.ts";
import { ownerJson } from "../seeds.ts";

const CYCLE = "/api/v2/cycle";
const PREGNANCY = "/api/v2/pregnancy";
const DAY = "2026-03-01";

function bumpForm() {
  const form = new FormData();
  form.append("photo", new File([JPEG], "bump.jpg", { type: "image/jpeg" }));
  return form;
}

/** One of everything the cycle and pregnancy routes read or change. */
async function seedCycle(owner: MatrixOwner) {
  await ownerJson(owner, "PUT", `${CYCLE}/settings`, { avg_cycle_length_override: 28 });
  await ownerJson(owner, "PUT", `${CYCLE}/logs/${DAY}`, { flow_level: "heavy", bbt: 36.4 });
  const cycle = await ownerJson(owner, "POST", `${CYCLE}/cycles`, { start_date: "2026-02-01" });
  const test = await ownerJson(owner, "POST", `${CYCLE}/tests`, {
    entry_date: DAY,
    test_type: "opk",
    result: "peak",
  });
  const pregnancy = await ownerJson(owner, "POST", PREGNANCY, { lmp_date: DAY });
  const pregnancy_id = pregnancy.id as string;
  const kick = await ownerJson(owner, "POST", `${PREGNANCY}/kicks`, {
    pregnancy_id,
    started_at: "2026-09-01T10:00:00Z",
    kick_count: 10,
  });
  const appointment = await ownerJson(owner, "POST", `${PREGNANCY}/appointments`, {
    pregnancy_id,
    scheduled_at: "2026-06-01T09:00:00Z",
  });
  const contraction = await ownerJson(owner, "POST", `${PREGNANCY}/contractions`, { pregnancy_id });
  const item = await ownerJson(owner, "PUT", `${PREGNANCY}/checklist`, {
    pregnancy_id,
    template_key: "scan",
    week: 12,
  });
  const photo = await ownerJson(owner, "POST", `${PREGNANCY}/photos/${pregnancy_id}`, bumpForm());
  return {
    cycleId: cycle.id,
    testId: test.id,
    pregnancyId: pregnancy_id,
    kickId: kick.id,
    appointmentId: appointment.id,
    contractionId: contraction.id,
    itemId: item.id,
    photoId: photo.id,
  } as Record<string, string>;
}

// The spec never shares cycle and pregnancy data or bump photos: no grant opens any row.
const read = { permission: "owner_only", write: false, seed: seedCycle } as const;
const write = { permission: "owner_only", write: true, seed: seedCycle } as const;

export const routes: MatrixRoute[] = [
  { ...read, method: "GET", path: `${CYCLE}/settings` },
  { ...write, method: "PUT", path: `${CYCLE}/settings`, body: { luteal_phase_length: 13 } },
  { ...read, method: "GET", path: `${CYCLE}/overview?date=${DAY}` },
  { ...read, method: "GET", path: `${CYCLE}/logs?startDate=2026-02-01&endDate=2026-03-31` },
  {
    ...write,
    method: "PUT",
    path: `${CYCLE}/logs`,
    body: [{ date: "2026-03-02", flow_level: "light" }],
  },
  { ...read, method: "GET", path: `${CYCLE}/logs/${DAY}` },
  { ...write, method: "PUT", path: `${CYCLE}/logs/${DAY}`, body: { notes: "tired" } },
  { ...write, method: "DELETE", path: `${CYCLE}/logs/${DAY}`, okStatus: 204 },
  { ...read, method: "GET", path: `${CYCLE}/cycles` },
  {
    ...write,
    method: "POST",
    path: `${CYCLE}/cycles`,
    body: { start_date: "2026-01-04" },
    okStatus: 201,
  },
  {
    ...write,
    method: "PUT",
    path: (s) => `${CYCLE}/cycles/${s.cycleId}`,
    body: { is_excluded: true },
  },
  { ...write, method: "DELETE", path: (s) => `${CYCLE}/cycles/${s.cycleId}`, okStatus: 204 },
  { ...read, method: "GET", path: `${CYCLE}/tests?startDate=2026-02-01&endDate=2026-03-31` },
  {
    ...write,
    method: "POST",
    path: `${CYCLE}/tests`,
    body: { entry_date: DAY, test_type: "hpt", result: "negative" },
    okStatus: 201,
  },
  { ...write, method: "DELETE", path: (s) => `${CYCLE}/tests/${s.testId}`, okStatus: 204 },
  { ...read, method: "GET", path: `${CYCLE}/fertility?date=${DAY}` },
  { ...read, method: "GET", path: `${CYCLE}/insights` },
  { ...read, method: "GET", path: `${CYCLE}/correlations` },
  { ...read, method: "GET", path: `${CYCLE}/export` },
  { ...read, method: "GET", path: `${PREGNANCY}/current` },
  { ...read, method: "GET", path: `${PREGNANCY}/overview?date=${DAY}` },
  { ...write, method: "POST", path: PREGNANCY, body: { due_date: "2026-12-01" }, okStatus: 201 },
  {
    ...write,
    method: "PUT",
    path: (s) => `${PREGNANCY}/${s.pregnancyId}`,
    body: { notes: "twins?" },
  },
  { ...write, method: "DELETE", path: (s) => `${PREGNANCY}/${s.pregnancyId}`, okStatus: 204 },
  { ...read, method: "GET", path: (s) => `${PREGNANCY}/kicks?pregnancy_id=${s.pregnancyId}` },
  {
    ...write,
    method: "POST",
    path: `${PREGNANCY}/kicks`,
    body: (s: Seeded) => ({
      pregnancy_id: s.pregnancyId,
      started_at: "2026-09-02T10:00:00Z",
      kick_count: 8,
    }),
    okStatus: 201,
  },
  { ...write, method: "DELETE", path: (s) => `${PREGNANCY}/kicks/${s.kickId}`, okStatus: 204 },
  {
    ...read,
    method: "GET",
    path: (s) => `${PREGNANCY}/appointments?pregnancy_id=${s.pregnancyId}`,
  },
  {
    ...write,
    method: "POST",
    path: `${PREGNANCY}/appointments`,
    body: (s: Seeded) => ({ pregnancy_id: s.pregnancyId, scheduled_at: "2026-07-01T09:00:00Z" }),
    okStatus: 201,
  },
  {
    ...write,
    method: "DELETE",
    path: (s) => `${PREGNANCY}/appointments/${s.appointmentId}`,
    okStatus: 204,
  },
  { ...read, method: "GET", path: `${PREGNANCY}/contractions` },
  {
    ...write,
    method: "POST",
    path: `${PREGNANCY}/contractions`,
    body: (s: Seeded) => ({ pregnancy_id: s.pregnancyId }),
    okStatus: 201,
  },
  {
    ...write,
    method: "PUT",
    path: (s) => `${PREGNANCY}/contractions/${s.contractionId}`,
    body: { intensity: 5 },
  },
  { ...read, method: "GET", path: (s) => `${PREGNANCY}/checklist?pregnancy_id=${s.pregnancyId}` },
  {
    ...write,
    method: "PUT",
    path: `${PREGNANCY}/checklist`,
    body: (s: Seeded) => ({ id: s.itemId, completed: true }),
  },
  { ...read, method: "GET", path: (s) => `${PREGNANCY}/photos?pregnancy_id=${s.pregnancyId}` },
  { ...read, method: "GET", path: (s) => `${PREGNANCY}/photos/file/${s.photoId}` },
  {
    ...write,
    method: "POST",
    path: (s) => `${PREGNANCY}/photos/${s.pregnancyId}`,
    form: bumpForm,
    okStatus: 201,
  },
  {
    ...write,
    method: "POST",
    path: `${PREGNANCY}/photos`,
    form: (s) => {
      const form = bumpForm();
      form.set("pregnancy_id", s.pregnancyId!);
      form.set("week", "10");
      return form;
    },
    okStatus: 201,
  },
  { ...write, method: "DELETE", path: (s) => `${PREGNANCY}/photos/${s.photoId}`, okStatus: 204 },
];
