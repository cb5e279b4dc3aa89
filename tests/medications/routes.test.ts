import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import {
  createTestContext,
  jsonRequest,
  type TestContext,
  type TestUser,
} from "../helpers/test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const MEDS = "/api/v2/medications";

async function call(
  user: TestUser,
  method: string,
  path: string,
  body?: unknown,
  actingFor?: string,
) {
  const init = jsonRequest(method, user.token, body);
  if (actingFor) (init.headers as Record<string, string>)["X-Acting-For"] = actingFor;
  const res = await ctx.request(path, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function createMedication(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await call(user, "POST", MEDS, {
    name: "Semaglutide",
    type_id: "injection",
    dose_unit: "mg",
    half_life_hours: 168,
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

describe("injectables", () => {
  test("an injection draws units from its pen, a delete gives them back, and sites rotate", async () => {
    const user = await ctx.createUser();
    const id = await createMedication(user, {
      injection_sites: ["abdomen_left", "abdomen_right", "thigh_left"],
    });
    const pen = await call(user, "POST", `${MEDS}/${id}/pens`, {
      total_units: 80,
      opened_date: "2026-03-01",
      days_usable_after_opening: 56,
    });
    expect(pen.body).toMatchObject({
      total_units: 80,
      remaining_units: 80,
      expires_on: "2026-04-26",
      status: "active",
    });

    const first = await call(user, "POST", `${MEDS}/${id}/injections`, {
      pen_id: pen.body.id,
      units: 20,
      dose_mg: 0.25,
      site: "abdomen_left",
      injected_at: "2026-03-01T09:00:00Z",
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ site: "abdomen_left", entry_date: "2026-03-01" });
    expect((await call(user, "GET", `${MEDS}/${id}/next-site`)).body.suggested_site).toBe(
      "abdomen_right",
    );
    await call(user, "POST", `${MEDS}/${id}/injections`, {
      pen_id: pen.body.id,
      units: 20,
      dose_mg: 0.25,
      site: "abdomen_right",
      injected_at: "2026-03-08T09:00:00Z",
    });
    await call(user, "POST", `${MEDS}/${id}/injections`, {
      pen_id: pen.body.id,
      units: 20,
      dose_mg: 0.25,
      site: "thigh_left",
      injected_at: "2026-03-15T09:00:00Z",
    });
    expect((await call(user, "GET", `${MEDS}/${id}/next-site`)).body.suggested_site).toBe(
      "abdomen_left",
    );

    const pens = await call(user, "GET", `${MEDS}/${id}/pens`);
    expect(pens.body[0].remaining_units).toBe(20);
    const tooMuch = await call(user, "POST", `${MEDS}/${id}/injections`, {
      pen_id: pen.body.id,
      units: 30,
    });
    expect(tooMuch).toEqual({ status: 400, body: { error: "The pen has only 20 units left." } });
    expect((await call(user, "GET", `${MEDS}/${id}/injections`)).body).toHaveLength(3);

    expect((await call(user, "DELETE", `${MEDS}/injections/${first.body.id}`)).status).toBe(204);
    expect((await call(user, "GET", `${MEDS}/${id}/pens`)).body[0].remaining_units).toBe(40);
  });

  test("a vial keeps its concentration, volume and the maker's expiry date; a bad kind is refused", async () => {
    const user = await ctx.createUser();
    const id = await createMedication(user, { effectiveness_rating: 4 });
    expect((await call(user, "GET", `${MEDS}/${id}`)).body.effectiveness_rating).toBe(4);
    const vial = await call(user, "POST", `${MEDS}/${id}/pens`, {
      kind: "vial",
      total_units: 10,
      dose_mg: 2.5,
      concentration_mg_ml: 5,
      volume_ml: 2,
      expiry_date: "2027-08-31",
      reorder_flag: true,
      reorder_threshold: 2,
    });
    expect(vial.body).toMatchObject({
      kind: "vial",
      dose_mg: 2.5,
      concentration_mg_ml: 5,
      volume_ml: 2,
      expiry_date: "2027-08-31",
      reorder_flag: true,
      reorder_threshold: 2,
    });
    const pen = await call(user, "POST", `${MEDS}/${id}/pens`, { total_units: 4 });
    expect(pen.body).toMatchObject({
      kind: "pen",
      concentration_mg_ml: null,
      expiry_date: null,
      reorder_flag: false,
    });
    const refused = await call(user, "PUT", `${MEDS}/pens/${pen.body.id}`, { kind: "ampoule" });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain("kind");
    const rating = await call(user, "PUT", `${MEDS}/${id}`, { effectiveness_rating: 6 });
    expect(rating.status).toBe(400);
    expect((await call(user, "GET", `${MEDS}/${id}`)).body.effectiveness_rating).toBe(4);
    expect((await call(user, "GET", `${MEDS}/${id}/pens`)).body.map((p: any) => p.kind)).toEqual([
      "vial",
      "pen",
    ]);
  });

  test("the drug-level curve adds up the logged doses with the medication's half-life", async () => {
    const user = await ctx.createUser();
    const id = await createMedication(user);
    for (const at of ["2026-03-01T00:00:00Z", "2026-03-08T00:00:00Z"]) {
      await call(user, "POST", `${MEDS}/${id}/injections`, { dose_mg: 1, injected_at: at });
    }
    const level = await call(
      user,
      "GET",
      `${MEDS}/${id}/level?from=2026-03-01T00:00:00Z&to=2026-03-15T00:00:00Z&stepHours=84`,
    );
    expect(level.status).toBe(200);
    expect(level.body.half_life_hours).toBe(168);
    expect(level.body.points.map((p: { amount: number }) => p.amount)).toEqual([
      1, 0.7071, 1.5, 1.0607, 0.75,
    ]);
    // The dose feed merges the injections in, as the phone app expects.
    const feed = await call(user, "GET", `${MEDS}/entries?medicationId=${id}`);
    expect(
      feed.body.map((e: Record<string, unknown>) => [
        e.entry_type,
        e.entry_date,
        e.dose_amount_snapshot,
      ]),
    ).toEqual([
      ["injection", "2026-03-08", 1],
      ["injection", "2026-03-01", 1],
    ]);
    const noHalfLife = await createMedication(user, { name: "Other", half_life_hours: null });
    expect((await call(user, "GET", `${MEDS}/${noHalfLife}/level`)).status).toBe(400);
  });

  test("titration: a plan of steps and the one in effect today", async () => {
    const user = await ctx.createUser();
    const id = await createMedication(user);
    const plan = await call(user, "PUT", `${MEDS}/${id}/titration`, {
      steps: [
        { dose_amount: 0.25, start_date: "2020-01-01", planned_weeks: 4 },
        { dose_amount: 0.5, planned_weeks: 4 },
        { dose_amount: 1 },
      ],
    });
    expect(plan.body.steps.map((s: { starts_on: string }) => s.starts_on)).toEqual([
      "2020-01-01",
      "2020-01-29",
      "2020-02-26",
    ]);
    expect(plan.body.current_step.dose_amount).toBe(1);
    expect((await call(user, "GET", `${MEDS}/${id}/titration`)).body).toEqual(plan.body);
  });
});

describe("due doses and adherence over HTTP", () => {
  test("today's schedule and the period's adherence from logged doses", async () => {
    const user = await ctx.createUser();
    const id = await createMedication(user, { name: "Vitamin D", type_id: "capsule" });
    const schedule = await call(user, "POST", `${MEDS}/${id}/schedules`, {
      schedule_type_id: "daily",
      time_of_day: "08:00",
      start_date: "2026-03-01",
    });
    await call(user, "POST", `${MEDS}/entries`, {
      medication_id: id,
      schedule_id: schedule.body.id,
      taken_at: "2026-03-01T08:05:00Z",
    });
    await call(user, "POST", `${MEDS}/entries`, {
      medication_id: id,
      schedule_id: schedule.body.id,
      status: "skipped",
      taken_at: "2026-03-02T08:00:00Z",
    });
    const adherence = await call(
      user,
      "GET",
      `${MEDS}/adherence?fromDate=2026-03-01&toDate=2026-03-04`,
    );
    expect(adherence.body.medications).toEqual([
      {
        medication_id: id,
        expected: 4,
        taken: 1,
        late: 0,
        skipped: 1,
        missed: 2,
        adherence_percent: 25,
        as_needed_doses: 0,
      },
    ]);
    const due = await call(user, "GET", `${MEDS}/due?date=2026-03-01`);
    expect(due.body).toHaveLength(1);
    expect(due.body[0]).toMatchObject({
      medication_name: "Vitamin D",
      time_of_day: "08:00:00",
      status: "taken",
      scheduled_for: "2026-03-01T08:00:00.000Z",
    });
    expect(
      (await call(user, "GET", `${MEDS}/adherence?fromDate=2026-03-04&toDate=2026-03-01`)).status,
    ).toBe(400);
  });
});

describe("the forms, schedule kinds and pen states SparkyFitness has too", () => {
  test("a softgel with its prescriber; specific days and monthly schedules are due on their days; a sealed pen", async () => {
    const user = await ctx.createUser();
    const id = await createMedication(user, {
      name: "Omega-3",
      type_id: "softgel",
      prescriber: "Dr. Who",
      pharmacy: "Corner Pharmacy",
      rx_number: "RX-9",
    });
    const schedule = (body: Record<string, unknown>) =>
      call(user, "POST", `${MEDS}/${id}/schedules`, { start_date: "2026-03-01", ...body });
    expect((await schedule({ schedule_type_id: "specific_days", days_of_week: [1] })).status).toBe(
      201,
    );
    expect((await schedule({ schedule_type_id: "monthly", day_of_month: 3 })).status).toBe(201);
    // A monthly schedule needs its day, a specific-days one its weekdays: 400, nothing kept.
    expect((await schedule({ schedule_type_id: "monthly" })).status).toBe(400);
    expect((await schedule({ schedule_type_id: "specific_days", days_of_week: [] })).status).toBe(
      400,
    );
    const medication = await call(user, "GET", `${MEDS}/${id}`);
    expect(medication.body).toMatchObject({
      type_id: "softgel",
      prescriber: "Dr. Who",
      rx_number: "RX-9",
    });
    expect(medication.body.schedules).toHaveLength(2);
    // 2026-03-02 is a Monday, 2026-03-03 the monthly day.
    for (const [date, count] of [
      ["2026-03-02", 1],
      ["2026-03-03", 1],
      ["2026-03-04", 0],
    ] as const)
      expect([date, (await call(user, "GET", `${MEDS}/due?date=${date}`)).body.length]).toEqual([
        date,
        count,
      ]);
    const pen = await call(user, "POST", `${MEDS}/${id}/pens`, {
      total_units: 4,
      status: "sealed",
    });
    expect(pen.body).toMatchObject({ status: "sealed", remaining_units: 4 });
  });
});

describe("symptoms", () => {
  test("a custom symptom keeps its scale, unit and GLP-1 flag; an unknown scale is refused", async () => {
    const user = await ctx.createUser();
    const added = await call(user, "POST", "/api/v2/symptoms", {
      name: "Hiccups",
      scale_type: "count",
      unit: "times",
      is_glp1_flagged: true,
    });
    expect(added.body).toMatchObject({ name: "Hiccups", scale_type: "count", unit: "times" });
    const plain = await call(user, "POST", "/api/v2/symptoms", { name: "Nausea" });
    expect(plain.body).toMatchObject({ scale_type: "1-10", unit: null, is_glp1_flagged: false });
    const bad = await call(user, "POST", "/api/v2/symptoms", { name: "X", scale_type: "stars" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("scale_type");
    const list = await call(user, "GET", "/api/v2/symptoms");
    expect(list.body.map((s: any) => [s.name, s.scale_type, s.is_glp1_flagged])).toEqual([
      ["Hiccups", "count", true],
      ["Nausea", "1-10", false],
    ]);
    const location = await call(user, "POST", "/api/v2/symptoms/locations", { name: "Knee" });
    expect(Object.keys(location.body).sort()).toEqual(["created_at", "id", "name"]);
  });
});

describe("a delegate's view of due doses", () => {
  test("is computed in the owner's time zone", async () => {
    const owner = await ctx.createUser();
    await ctx.db.owner`
      insert into user_profiles (user_id, timezone) values (${owner.id}, 'America/New_York')
      on conflict (user_id) do update set timezone = excluded.timezone`;
    const id = await createMedication(owner, { name: "Levothyroxine", type_id: "tablet" });
    await call(owner, "POST", `${MEDS}/${id}/schedules`, {
      schedule_type_id: "daily",
      time_of_day: "08:00",
    });
    const delegate = await ctx.createUser();
    await ctx.db.owner`
      insert into family_access (owner_user_id, delegate_user_id, can_manage_medications)
      values (${owner.id}, ${delegate.id}, true)`;
    const due = await call(delegate, "GET", `${MEDS}/due?date=2026-03-02`, undefined, owner.id);
    expect(due.status).toBe(200);
    expect(due.body[0].scheduled_for).toBe("2026-03-02T13:00:00.000Z");
  });
});

describe("supplement nutrition", () => {
  test("taken doses count in the day's totals; changing nutrition needs can_manage_diary too", async () => {
    const owner = await ctx.createUser();
    const id = await createMedication(owner, {
      name: "Protein",
      type_id: "supplement",
      is_supplement: true,
      nutrients: { calories: 120, protein: 24 },
    });
    await call(owner, "POST", `${MEDS}/entries`, { medication_id: id, entry_date: "2026-03-01" });
    await call(owner, "POST", `${MEDS}/entries`, {
      medication_id: id,
      entry_date: "2026-03-01",
      status: "skipped",
    });
    await call(owner, "POST", `${MEDS}/entries`, { medication_id: id, entry_date: "2026-03-01" });
    expect((await call(owner, "GET", `${MEDS}/supplement-nutrients?date=2026-03-01`)).body).toEqual(
      { calories: 240, protein: 48 },
    );

    const delegate = await ctx.createUser();
    await ctx.db.owner`
      insert into family_access (owner_user_id, delegate_user_id, can_manage_medications)
      values (${owner.id}, ${delegate.id}, true)`;
    const notes = await call(
      delegate,
      "PUT",
      `${MEDS}/${id}`,
      { notes: "after training" },
      owner.id,
    );
    expect(notes.status).toBe(200);
    const nutrition = await call(
      delegate,
      "PUT",
      `${MEDS}/${id}`,
      { nutrients: { calories: 1 } },
      owner.id,
    );
    expect(nutrition.status).toBe(403);
    // The table refuses it too, should a route forget.
    const direct = ctx.db.withUser(
      owner.id,
      (tx) => tx`update medications set nutrients = '{"calories": 1}' where id = ${id}`,
      delegate.id,
    );
    await expect(direct).rejects.toThrow(/can_manage_diary/);

    await ctx.db
      .owner`update family_access set can_manage_diary = true where delegate_user_id = ${delegate.id}`;
    const allowed = await call(
      delegate,
      "PUT",
      `${MEDS}/${id}`,
      { nutrients: { calories: 100 } },
      owner.id,
    );
    expect(allowed.body.nutrients).toEqual({ calories: 100 });
  });
});
