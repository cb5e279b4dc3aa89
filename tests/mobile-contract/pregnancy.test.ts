import { describe, expect, test } from "bun:test";
import { JPEG, TEXT } from "../helpers/image-fixtures.ts";
import { contractContext } from "./call-log.ts";
import { appCall, appUser, CREDENTIALS, type AppUser } from "./as-app.ts";
import {
  CHECKLIST_PROGRESS,
  HEALTH_APPOINTMENT,
  KICK_SESSION,
  PREGNANCY,
  PREGNANCY_OVERVIEW,
} from "./cycle-shapes.ts";
import { BUMP_PHOTO, expectAnswer, expectShape, GESTATIONAL_AGE } from "./shapes.ts";

// The phone app's pregnancy screens: the overview's gestational age, the due date's basis
// and the bump photo upload in the app's own multipart shape.
const ctx = contractContext();

/** The app's upload form: text fields first, then the file. */
function photoForm(fields: Record<string, string>, photo: Uint8Array = JPEG) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("photo", new File([photo as Uint8Array<ArrayBuffer>], "bump.jpg"));
  return form;
}

async function startPregnancy(as: AppUser, body: Record<string, unknown>) {
  const res = await appCall(ctx, as, "POST", "/api/v2/pregnancy", body);
  expect(res.status).toBe(201);
  return res.body as { id: string; due_date: string; due_date_basis: string };
}

for (const credential of CREDENTIALS) {
  describe(`phone app: pregnancy (${credential})`, () => {
    test("overview gestation: week, day, trimester, daysRemaining, progress", async () => {
      const as = await appUser(ctx, credential);
      await startPregnancy(as, { lmp_date: "2026-01-01" });
      const res = await appCall(ctx, as, "GET", "/api/v2/pregnancy/overview?date=2026-04-20");
      expect(res.status).toBe(200);
      expectShape(res.body.gestation, GESTATIONAL_AGE, "gestation");
      // 109 days after the last period: week 15 day 4, second trimester, 171 days to go.
      expect(res.body.gestation).toMatchObject({
        week: 15,
        day: 4,
        totalDays: 109,
        trimester: 2,
        daysRemaining: 171,
      });
      expect(res.body.gestation.progress).toBeCloseTo(109 / 280, 6);
    });

    test("overview parts: checklist progress, next appointment, recent kick sessions", async () => {
      const as = await appUser(ctx, credential);
      const { id } = await startPregnancy(as, { lmp_date: "2026-01-01" });
      const add = (path: string, body: object) =>
        appCall(ctx, as, "POST", `/api/v2/pregnancy/${path}`, { pregnancy_id: id, ...body });
      const kicks = ["2026-04-19T09:00:00.000Z", "2026-04-19T09:05:00.000Z"];
      await add("kicks", {
        started_at: kicks[0],
        ended_at: kicks[1],
        kick_count: 2,
        kick_times: kicks,
      });
      await add("appointments", { scheduled_at: "2099-01-05T10:00:00.000Z", title: "Scan" });
      for (const [week, completed] of [
        [14, true],
        [15, false],
      ] as const)
        await appCall(ctx, as, "PUT", "/api/v2/pregnancy/checklist", {
          pregnancy_id: id,
          custom_title: `Week ${week}`,
          week,
          completed,
        });

      const { body } = await appCall(ctx, as, "GET", "/api/v2/pregnancy/overview?date=2026-04-20");
      expectShape(body, PREGNANCY_OVERVIEW, "overview");
      expectShape(body.pregnancy, PREGNANCY, "overview pregnancy");
      expectShape(body.checklistProgress, CHECKLIST_PROGRESS, "checklistProgress");
      expect(body.checklistProgress).toEqual({ done: 1, total: 2 });
      expectShape(body.nextAppointment, HEALTH_APPOINTMENT, "nextAppointment");
      expect(body.nextAppointment).toMatchObject({ pregnancy_id: id, title: "Scan" });
      expect(body.recentKickSessions).toHaveLength(1);
      expectShape(body.recentKickSessions[0], KICK_SESSION, "kick session");
      expect(body.recentKickSessions[0]).toMatchObject({ kick_count: 2, kick_times: kicks });
    });

    test("due_date_basis keeps the app's values; a date alone is manual", async () => {
      const as = await appUser(ctx, credential);
      const scan = await startPregnancy(as, { due_date: "2026-09-01", due_date_basis: "scan" });
      expect(scan.due_date_basis).toBe("scan");
      const manual = await appCall(ctx, as, "PUT", `/api/v2/pregnancy/${scan.id}`, {
        due_date: "2026-09-03",
      });
      expect(manual.body.due_date_basis).toBe("manual");
      const lmp = await appCall(ctx, as, "PUT", `/api/v2/pregnancy/${scan.id}`, {
        lmp_date: "2025-12-01",
      });
      expect(lmp.body).toMatchObject({ due_date_basis: "lmp", due_date: "2026-09-07" });
      const bad = await appCall(ctx, as, "PUT", `/api/v2/pregnancy/${scan.id}`, {
        due_date_basis: "guess",
      });
      expect(bad.status).toBe(400);
    });

    test("POST /api/v2/pregnancy/photos: pregnancy_id, week, notes, photo -> BumpPhoto", async () => {
      const as = await appUser(ctx, credential);
      const pregnancy = await startPregnancy(as, { lmp_date: "2026-01-01" });
      const res = await appCall(
        ctx,
        as,
        "POST",
        "/api/v2/pregnancy/photos",
        photoForm({ pregnancy_id: pregnancy.id, week: "14", notes: "Side view" }),
      );
      expectAnswer(res, 201, BUMP_PHOTO, "bump photo", {
        pregnancy_id: pregnancy.id,
        week: 14,
        notes: "Side view",
      });
      const list = await appCall(
        ctx,
        as,
        "GET",
        `/api/v2/pregnancy/photos?pregnancy_id=${pregnancy.id}`,
      );
      expect(list.body).toHaveLength(1);
      expectShape(list.body[0], BUMP_PHOTO, "listed photo");
      const file = await ctx.request(`/api/v2/pregnancy/photos/file/${res.body.id}`, {
        headers: { Authorization: `Bearer ${as.bearer}` },
      });
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(JPEG);
    });

    test("photo upload: bad week, no photo, not an image, unknown pregnancy are 4xx", async () => {
      const as = await appUser(ctx, credential);
      const pregnancy = await startPregnancy(as, { lmp_date: "2026-01-01" });
      const cases: [FormData, number][] = [
        [photoForm({ pregnancy_id: pregnancy.id, week: "61" }), 400],
        [photoForm({ pregnancy_id: pregnancy.id, week: "two" }), 400],
        [photoForm({ pregnancy_id: pregnancy.id }, TEXT), 400],
        [photoForm({ pregnancy_id: crypto.randomUUID(), week: "3" }), 404],
        [photoForm({ pregnancy_id: "nope", week: "3" }), 404],
      ];
      const noPhoto = new FormData();
      noPhoto.append("pregnancy_id", pregnancy.id);
      cases.push([noPhoto, 400]);
      for (const [form, status] of cases) {
        const res = await appCall(ctx, as, "POST", "/api/v2/pregnancy/photos", form);
        expect(res.status).toBe(status);
        expect(typeof res.body.error).toBe("string");
      }
      const list = await appCall(
        ctx,
        as,
        "GET",
        `/api/v2/pregnancy/photos?pregnancy_id=${pregnancy.id}`,
      );
      expect(list.body).toEqual([]);
    });
  });
}
