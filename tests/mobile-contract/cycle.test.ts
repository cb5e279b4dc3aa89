import { describe, expect, test } from "bun:test";
import { appCall, appUser, CREDENTIALS } from "./as-app.ts";
import {
  CYCLE,
  CYCLE_CORRELATIONS,
  CYCLE_DAILY_LOG,
  CYCLE_INSIGHTS,
  CYCLE_LATE,
  CYCLE_OVERVIEW,
  CYCLE_PREDICTION,
  CYCLE_SETTINGS,
  CYCLE_STATS,
  CYCLE_TEST_ENTRY,
  FERTILITY_DETAILS,
  PREDICTED_CYCLE,
  PREGNANCY,
  PREGNANCY_CHECKLIST_ITEM,
} from "./cycle-shapes.ts";
import { expectAnswer, expectShape } from "./shapes.ts";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { JPEG } from "../helpers/image-fixtures.ts";
import { contractContext } from "./call-log.ts";

const ctx = contractContext();

for (const credential of CREDENTIALS) {
  describe(`the phone app's cycle calls (${credential})`, () => {
    test("settings, logs, cycles, tests, overview, fertility, insights, correlations, export", async () => {
      const as = await appUser(ctx, credential);
      expect((await appCall(ctx, as, "GET", "/api/v2/cycle/settings")).body).toBeNull();
      const settings = await appCall(ctx, as, "PUT", "/api/v2/cycle/settings", {
        avg_cycle_length_override: 30,
        mark_onboarded: true,
      });
      expect(settings.body).toMatchObject({
        enabled: true,
        mode: "standard",
        luteal_phase_length: 14,
      });
      expect(typeof settings.body.onboarded_at).toBe("string");
      expectShape(settings.body, CYCLE_SETTINGS, "cycle settings");
      expectShape(
        (await appCall(ctx, as, "GET", "/api/v2/cycle/settings")).body,
        CYCLE_SETTINGS,
        "read cycle settings",
      );

      const bulk = await appCall(ctx, as, "PUT", "/api/v2/cycle/logs", [
        { date: "2026-01-01", flow_level: "heavy" },
        { date: "2026-01-02", flow_level: "medium" },
        { date: "2026-01-29", flow_level: "medium" },
      ]);
      expect(bulk.status).toBe(200);
      expect(bulk.body).toHaveProperty("prediction");
      const log = await appCall(ctx, as, "PUT", "/api/v2/cycle/logs/2026-02-10", {
        bbt: 36.5,
        moods: ["calm"],
        cervical_mucus: "egg_white",
      });
      expect(log.body).toMatchObject({
        entry_date: "2026-02-10",
        bbt: 36.5,
        moods: ["calm"],
        unusual_discharge: [],
      });
      expectShape(log.body, CYCLE_DAILY_LOG, "cycle log");
      const readLog = await appCall(ctx, as, "GET", "/api/v2/cycle/logs/2026-02-10");
      expect(readLog.body.cervical_mucus).toBe("egg_white");
      expectShape(readLog.body, CYCLE_DAILY_LOG, "read cycle log");
      expect((await appCall(ctx, as, "GET", "/api/v2/cycle/logs/2026-02-11")).body).toBeNull();
      const logs = await appCall(
        ctx,
        as,
        "GET",
        "/api/v2/cycle/logs?startDate=2026-01-01&endDate=2026-02-28",
      );
      expect(logs.body).toHaveLength(4);
      for (const row of logs.body) expectShape(row, CYCLE_DAILY_LOG, "listed cycle log");

      const cycles = await appCall(ctx, as, "GET", "/api/v2/cycle/cycles");
      expect(cycles.body.map((c: { start_date: string }) => c.start_date)).toEqual([
        "2026-01-29",
        "2026-01-01",
      ]);
      expect(cycles.body[1]).toMatchObject({
        cycle_length: 28,
        period_length: 2,
        source: "derived",
        is_excluded: false,
      });
      for (const row of cycles.body) expectShape(row, CYCLE, "cycle");
      const manual = await appCall(ctx, as, "POST", "/api/v2/cycle/cycles", {
        start_date: "2025-12-04",
        period_length: 4,
      });
      expect(manual.status).toBe(201);
      expectShape(manual.body, CYCLE, "manual cycle");
      expect(
        (
          await appCall(ctx, as, "PUT", `/api/v2/cycle/cycles/${manual.body.id}`, {
            is_excluded: true,
          })
        ).body.is_excluded,
      ).toBe(true);

      const overview = await appCall(ctx, as, "GET", "/api/v2/cycle/overview?date=2026-02-05");
      expect(overview.body).toMatchObject({
        date: "2026-02-05",
        cycleDay: 8,
        currentCycleStart: "2026-01-29",
        late: { isLate: false, daysLate: 0 },
      });
      expect(typeof overview.body.phase).toBe("string");
      expect(typeof overview.body.insightKey).toBe("string");
      expect(overview.body.stats).toHaveProperty("avgCycleLength");
      expect(overview.body.prediction.cycles[0].periodStart).toBe("2026-02-26");
      expect(overview.body.disclaimer).toContain("not a method of contraception");
      expectShape(overview.body, CYCLE_OVERVIEW, "cycle overview");
      expectShape(overview.body.settings, CYCLE_SETTINGS, "overview settings");
      expectShape(overview.body.stats, CYCLE_STATS, "overview stats");
      expectShape(overview.body.late, CYCLE_LATE, "overview late");
      expectShape(overview.body.prediction, CYCLE_PREDICTION, "overview prediction");
      for (const row of overview.body.prediction.cycles) {
        expectShape(row, PREDICTED_CYCLE, "predicted cycle");
      }

      const fertility = await appCall(ctx, as, "GET", "/api/v2/cycle/fertility?date=2026-02-05");
      expect(fertility.body).toMatchObject({
        ovulationDate: "2026-02-12",
        daysUntilNextPeriod: 21,
      });
      expectShape(fertility.body, FERTILITY_DETAILS, "fertility");
      expect(fertility.body.fertileWindow).toEqual([
        "2026-02-07",
        "2026-02-08",
        "2026-02-09",
        "2026-02-10",
        "2026-02-11",
        "2026-02-12",
        "2026-02-13",
      ]);

      const test1 = await appCall(ctx, as, "POST", "/api/v2/cycle/tests", {
        entry_date: "2026-02-11",
        test_type: "opk",
        result: "peak",
      });
      expectAnswer(test1, 201, CYCLE_TEST_ENTRY, "cycle test", {
        test_type: "opk",
        result: "peak",
        entry_date: "2026-02-11",
      });
      const tests = await appCall(
        ctx,
        as,
        "GET",
        "/api/v2/cycle/tests?startDate=2026-02-01&endDate=2026-02-28",
      );
      expect(tests.body).toHaveLength(1);
      expectShape(tests.body[0], CYCLE_TEST_ENTRY, "listed cycle test");
      expect(
        (await appCall(ctx, as, "DELETE", `/api/v2/cycle/tests/${test1.body.id}`)).status,
      ).toBe(204);

      const insights = await appCall(ctx, as, "GET", "/api/v2/cycle/insights");
      expectShape(insights.body, CYCLE_INSIGHTS, "cycle insights");
      expectShape(insights.body.stats, CYCLE_STATS, "insights stats");
      for (const row of insights.body.cycles) expectShape(row, CYCLE, "insights cycle");
      const correlations = await appCall(ctx, as, "GET", "/api/v2/cycle/correlations");
      expect(correlations.body).toMatchObject({ correlations: [], conditionFlags: [] });
      expectShape(correlations.body, CYCLE_CORRELATIONS, "cycle correlations");
      expectShape(correlations.body.stats, CYCLE_STATS, "correlations stats");
      const exported = await appCall(ctx, as, "GET", "/api/v2/cycle/export");
      expect(exported.body.logs).toHaveLength(4);

      expect((await appCall(ctx, as, "DELETE", "/api/v2/cycle/logs/2026-01-29")).status).toBe(204);
      expect((await appCall(ctx, as, "GET", "/api/v2/cycle/cycles")).body).toHaveLength(2);
      expect(
        (await appCall(ctx, as, "DELETE", `/api/v2/cycle/cycles/${manual.body.id}`)).status,
      ).toBe(204);
    });

    test("pregnancy: current, overview, create, update, checklist, photos, delete", async () => {
      const as = await appUser(ctx, credential);
      expect((await appCall(ctx, as, "GET", "/api/v2/pregnancy/current")).body).toBeNull();
      const created = await appCall(ctx, as, "POST", "/api/v2/pregnancy", {
        lmp_date: "2026-01-01",
      });
      expectAnswer(created, 201, PREGNANCY, "pregnancy", {
        due_date: "2026-10-08",
        due_date_basis: "lmp",
        status: "active",
      });
      const id = created.body.id as string;
      const overview = await appCall(ctx, as, "GET", "/api/v2/pregnancy/overview?date=2026-03-01");
      expect(overview.body.gestation).toMatchObject({ weeks: 8, days: 3 });
      expect(overview.body.pregnancy.id).toBe(id);
      expectShape(overview.body.pregnancy, PREGNANCY, "overview pregnancy");

      const item = await appCall(ctx, as, "PUT", "/api/v2/pregnancy/checklist", {
        pregnancy_id: id,
        template_key: "first_scan",
        week: 12,
      });
      expect(item.body).toMatchObject({ template_key: "first_scan", week: 12, completed_at: null });
      expectShape(item.body, PREGNANCY_CHECKLIST_ITEM, "checklist item");
      const done = await appCall(ctx, as, "PUT", "/api/v2/pregnancy/checklist", {
        id: item.body.id,
        completed: true,
      });
      expect(typeof done.body.completed_at).toBe("string");
      expectShape(done.body, PREGNANCY_CHECKLIST_ITEM, "done checklist item");
      expect(
        (await appCall(ctx, as, "GET", `/api/v2/pregnancy/checklist?pregnancy_id=${id}`)).body,
      ).toHaveLength(1);

      const form = new FormData();
      form.append("photo", new File([JPEG], "bump.jpg"));
      form.append("entry_date", "2026-03-01");
      const upload = await ctx.request(`/api/v2/pregnancy/photos/${id}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${as.bearer}` },
        body: form,
      });
      expect(upload.status).toBe(201);
      const photo = (await upload.json()) as { id: string; week: number };
      expect(photo.week).toBe(8);
      const photos = await appCall(ctx, as, "GET", `/api/v2/pregnancy/photos?pregnancy_id=${id}`);
      expect(photos.body[0]).toMatchObject({
        id: photo.id,
        pregnancy_id: id,
        week: 8,
        entry_date: "2026-03-01",
      });
      expect(typeof photos.body[0].file_path).toBe("string");
      const file = await ctx.request(`/api/v2/pregnancy/photos/file/${photo.id}`, {
        headers: { Authorization: `Bearer ${as.bearer}` },
      });
      expect(file.headers.get("content-type")).toBe("image/jpeg");
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(JPEG);
      expect(
        (await appCall(ctx, as, "DELETE", `/api/v2/pregnancy/photos/${photo.id}`)).status,
      ).toBe(204);

      expect(
        (await appCall(ctx, as, "PUT", `/api/v2/pregnancy/${id}`, { due_date: "2026-10-01" })).body
          .due_date_basis,
      ).toBe("manual");
      const kept = await ctx.request(`/api/v2/pregnancy/photos/${id}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${as.bearer}` },
        body: form,
      });
      const keptPath = join(
        ctx.config.uploadsDir,
        ((await kept.json()) as { file_path: string }).file_path,
      );
      expect(existsSync(keptPath)).toBe(true);
      expect((await appCall(ctx, as, "DELETE", `/api/v2/pregnancy/${id}`)).status).toBe(204);
      // Deleting the pregnancy removes its photos' files too.
      expect(existsSync(keptPath)).toBe(false);
      expect((await appCall(ctx, as, "GET", "/api/v2/pregnancy/current")).body).toBeNull();
    });
  });
}
