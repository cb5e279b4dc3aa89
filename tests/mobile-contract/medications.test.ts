import { describe, expect, test } from "bun:test";
import { appCall, appUser, CREDENTIALS } from "./as-app.ts";
import { MEDICATION, MEDICATION_ENTRY, MEDICATION_SCHEDULE } from "./medication-shapes.ts";
import { expectAnswer, expectShape, SYMPTOM_ENTRY } from "./shapes.ts";
import { contractContext } from "./call-log.ts";

const ctx = contractContext();

for (const credential of CREDENTIALS) {
  describe(`the phone app's medication and symptom calls (${credential})`, () => {
    test("medications, schedules and entries answer in the app's shapes", async () => {
      const as = await appUser(ctx, credential);
      const created = await appCall(ctx, as, "POST", "/api/v2/medications", {
        name: "Metformin",
        type_id: "tablet",
        strength_value: 500,
        strength_unit: "mg",
        dose_amount: 1,
        dose_unit: "tablet",
        is_active: true,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: "Metformin", type_id: "tablet", is_active: true });
      expect(typeof created.body.id).toBe("string");
      expectShape(created.body, MEDICATION, "medication");
      const id = created.body.id as string;

      const schedule = await appCall(ctx, as, "POST", `/api/v2/medications/${id}/schedules`, {
        schedule_type_id: "daily",
        time_of_day: "08:00",
        dose_amount: 1,
      });
      expectAnswer(schedule, 201, MEDICATION_SCHEDULE, "schedule", {
        medication_id: id,
        // The app sends HH:MM; SparkyFitness answers the stored time, HH:MM:SS.
        time_of_day: "08:00:00",
        active: true,
      });

      const list = await appCall(ctx, as, "GET", "/api/v2/medications?activeOnly=true");
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(1);
      expect(list.body[0].schedules).toHaveLength(1);
      expectShape(list.body[0], MEDICATION, "listed medication");
      expectShape(list.body[0].schedules[0], MEDICATION_SCHEDULE, "listed schedule");
      const detail = await appCall(ctx, as, "GET", `/api/v2/medications/${id}`);
      expect(detail.body.schedules[0].id).toBe(schedule.body.id);
      expectShape(detail.body, { ...MEDICATION, schedules: "array" }, "medication detail");

      const updated = await appCall(ctx, as, "PUT", `/api/v2/medications/${id}`, {
        notes: "with food",
      });
      expect(updated.body).toMatchObject({ id, notes: "with food", name: "Metformin" });
      const schedUpdated = await appCall(
        ctx,
        as,
        "PUT",
        `/api/v2/medications/schedules/${schedule.body.id}`,
        {
          time_of_day: "09:30",
        },
      );
      expect(schedUpdated.body.time_of_day).toBe("09:30:00");

      const entry = await appCall(ctx, as, "POST", "/api/v2/medications/entries", {
        medication_id: id,
        schedule_id: schedule.body.id,
        status: "taken",
        taken_at: "2026-03-02T09:35:00Z",
      });
      expectAnswer(entry, 201, MEDICATION_ENTRY, "dose", {
        medication_id: id,
        status: "taken",
        entry_date: "2026-03-02",
        med_name_snapshot: "Metformin",
        dose_unit_snapshot: "tablet",
      });
      const entries = await appCall(
        ctx,
        as,
        "GET",
        `/api/v2/medications/entries?fromDate=2026-03-01&toDate=2026-03-31&medicationId=${id}`,
      );
      expect(entries.body.map((e: { id: string }) => e.id)).toEqual([entry.body.id]);
      expectShape(entries.body[0], MEDICATION_ENTRY, "listed dose");
      const changed = await appCall(
        ctx,
        as,
        "PUT",
        `/api/v2/medications/entries/${entry.body.id}`,
        {
          status: "skipped",
        },
      );
      expect(changed.body.status).toBe("skipped");

      expect(
        (await appCall(ctx, as, "DELETE", `/api/v2/medications/entries/${entry.body.id}`)).status,
      ).toBe(204);
      expect(
        (await appCall(ctx, as, "DELETE", `/api/v2/medications/schedules/${schedule.body.id}`))
          .status,
      ).toBe(204);
      expect((await appCall(ctx, as, "DELETE", `/api/v2/medications/${id}`)).status).toBe(204);
      expect((await appCall(ctx, as, "GET", `/api/v2/medications/${id}`)).status).toBe(404);
      expect((await appCall(ctx, as, "GET", "/api/v2/medications")).body).toEqual([]);
    });

    test("symptom entries: log, list by dates, delete", async () => {
      const as = await appUser(ctx, credential);
      const logged = await appCall(ctx, as, "POST", "/api/v2/symptoms/entries", {
        symptom_name_snapshot: "Nausea",
        severity: 4,
        source: "mobile",
        entry_date: "2026-03-05",
        notes: "after dose",
      });
      expectAnswer(logged, 201, SYMPTOM_ENTRY, "symptom entry", {
        symptom_name_snapshot: "Nausea",
        severity: 4,
        entry_date: "2026-03-05",
        source: "mobile",
      });
      const listed = await appCall(
        ctx,
        as,
        "GET",
        "/api/v2/symptoms/entries?fromDate=2026-03-01&toDate=2026-03-31",
      );
      expect(listed.body).toHaveLength(1);
      expectShape(listed.body[0], SYMPTOM_ENTRY, "listed symptom entry");
      expect(
        (
          await appCall(ctx, as, "POST", "/api/v2/symptoms/entries", {
            symptom_name_snapshot: "x",
            severity: 11,
          })
        ).status,
      ).toBe(400);
      expect(
        (await appCall(ctx, as, "DELETE", `/api/v2/symptoms/entries/${logged.body.id}`)).status,
      ).toBe(204);
      expect((await appCall(ctx, as, "GET", "/api/v2/symptoms/entries")).body).toEqual([]);
    });
  });
}
