import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeAdmin, SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { JPEG } from "../helpers/image-fixtures.ts";
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

const OWNER_ONLY_TABLES = [
  "cycle_settings",
  "cycles",
  "cycle_daily_entries",
  "cycle_test_entries",
  "pregnancies",
  "pregnancy_kick_sessions",
  "pregnancy_contractions",
  "pregnancy_checklist_items",
  "health_appointments",
  "pregnancy_photos",
];

async function call(user: TestUser, method: string, path: string, body?: unknown) {
  const res = await ctx.request(path, jsonRequest(method, user.token, body));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** An owner with a row in every cycle and pregnancy table, including a bump photo file. */
async function seedOwner() {
  const owner = await ctx.createUser();
  await call(owner, "PUT", "/api/v2/cycle/settings", { avg_cycle_length_override: 29 });
  await call(owner, "PUT", "/api/v2/cycle/logs", [{ date: "2026-03-01", flow_level: "heavy" }]);
  await call(owner, "POST", "/api/v2/cycle/tests", {
    entry_date: "2026-03-14",
    test_type: "hpt",
    result: "positive",
  });
  const pregnancy = (await call(owner, "POST", "/api/v2/pregnancy", { lmp_date: "2026-03-01" }))
    .body;
  const pregnancy_id = pregnancy.id as string;
  await call(owner, "POST", "/api/v2/pregnancy/kicks", {
    pregnancy_id,
    started_at: "2026-09-01T10:00:00Z",
    kick_count: 10,
  });
  await call(owner, "POST", "/api/v2/pregnancy/contractions", { pregnancy_id });
  await call(owner, "PUT", "/api/v2/pregnancy/checklist", {
    pregnancy_id,
    template_key: "scan",
    week: 12,
  });
  await call(owner, "POST", "/api/v2/pregnancy/appointments", {
    pregnancy_id,
    scheduled_at: "2026-06-01T09:00:00Z",
  });
  const form = new FormData();
  form.append("photo", new File([JPEG], "bump.jpg"));
  const upload = await ctx.request(`/api/v2/pregnancy/photos/${pregnancy_id}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${owner.token}` },
    body: form,
  });
  const photo = (await upload.json()) as { id: string; file_path: string };
  return { owner, pregnancy_id, photo };
}

/** Rows of each owner-only table that `actorId` sees when acting for `ownerId`. */
async function visibleRows(ownerId: string, actorId: string) {
  return ctx.db.withUser(
    ownerId,
    async (tx) => {
      const counts: Record<string, number> = {};
      for (const table of OWNER_ONLY_TABLES) {
        const [row] = await tx<{ n: number }[]>`select count(*)::int as n from ${tx(table)}`;
        counts[table] = row!.n;
      }
      return counts;
    },
    actorId,
  );
}

const none = Object.fromEntries(OWNER_ONLY_TABLES.map((t) => [t, 0]));

describe("cycle and pregnancy data is the owner's alone", () => {
  test("the owner sees a row in every table", async () => {
    const { owner } = await seedOwner();
    expect(Object.values(await visibleRows(owner.id, owner.id)).every((n) => n > 0)).toBe(true);
  });

  test("a delegate holding every permission sees and writes none of it", async () => {
    const { owner, photo } = await seedOwner();
    const delegate = await ctx.createUser();
    await ctx.db.owner`
      insert into family_access (owner_user_id, delegate_user_id, can_manage_diary, can_manage_checkin,
        can_manage_medications, can_view_reports, can_view_food_library, can_view_exercise_library,
        share_external_providers)
      values (${owner.id}, ${delegate.id}, true, true, true, true, true, true, true)`;
    expect(await visibleRows(owner.id, delegate.id)).toEqual(none);
    for (const path of [
      "/api/v2/cycle/export",
      "/api/v2/pregnancy/current",
      `/api/v2/pregnancy/photos/file/${photo.id}`,
    ]) {
      const res = await ctx.request(path, {
        headers: { Authorization: `Bearer ${delegate.token}`, "X-Acting-For": owner.id },
      });
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain(photo.id);
    }
    const write = ctx.db.withUser(
      owner.id,
      (tx) =>
        tx`insert into cycle_daily_entries (user_id, entry_date, flow_level) values (${owner.id}, '2026-04-01', 'light')`,
      delegate.id,
    );
    await expect(write).rejects.toThrow(/row-level security/);
  });

  test("an administrator sees none of another user's data, through the API or the database", async () => {
    const { owner, photo } = await seedOwner();
    const admin = await ctx.createUser();
    await makeAdmin(ctx, admin.id);
    expect(await visibleRows(owner.id, admin.id)).toEqual(none);
    // The admin's own views are empty, and the owner's photo id does not open the file.
    expect((await call(admin, "GET", "/api/v2/cycle/export")).body).toMatchObject({
      settings: null,
      cycles: [],
      logs: [],
      tests: [],
    });
    expect((await call(admin, "GET", "/api/v2/pregnancy/current")).body).toBeNull();
    expect((await call(admin, "GET", `/api/v2/pregnancy/photos/file/${photo.id}`)).status).toBe(
      404,
    );
  });

  test("a reports-only grant (the read-downgrade) opens nothing either", async () => {
    const { owner } = await seedOwner();
    const reader = await ctx.createUser();
    await ctx.db.owner`
      insert into family_access (owner_user_id, delegate_user_id, can_view_reports)
      values (${owner.id}, ${reader.id}, true)`;
    expect(await visibleRows(owner.id, reader.id)).toEqual(none);
  });

  test("bump photo files are never served by the public uploads mounts", async () => {
    const { owner, photo } = await seedOwner();
    for (const mount of ["/uploads", "/api/uploads"]) {
      const res = await ctx.request(`${mount}/${photo.file_path}`, {
        headers: { Authorization: `Bearer ${owner.token}` },
      });
      expect(res.status).toBe(404);
    }
    const own = await ctx.request(`/api/v2/pregnancy/photos/file/${photo.id}`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(own.status).toBe(200);
  });
});
