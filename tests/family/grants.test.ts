import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SETUP_TIMEOUT } from "../helpers/accounts.ts";
import { bearer, createTestContext, jsonRequest, type TestContext } from "../helpers/test-app.ts";
import { grant } from "./family-helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const GRANTS = "/api/identity/family-access";

describe("family access grants", () => {
  test("owner creates, lists, changes and deletes a grant by the delegate's email", async () => {
    const owner = await ctx.createUser("Olive");
    const delegate = await ctx.createUser("Dan");
    const created = await ctx.request(
      GRANTS,
      jsonRequest("POST", owner.token, {
        delegate_email: delegate.email.toUpperCase(),
        can_manage_diary: true,
        access_end_date: "2099-01-01T00:00:00Z",
      }),
    );
    expect(created.status).toBe(201);
    const row = await created.json();
    expect(row).toMatchObject({
      delegate_user_id: delegate.id,
      delegate_email: delegate.email,
      delegate_name: "Dan",
      can_manage_diary: true,
      can_manage_checkin: false,
      can_view_reports: false,
      share_external_providers: false,
      is_active: true,
    });
    expect(new Date(row.access_end_date).toISOString()).toBe("2099-01-01T00:00:00.000Z");

    const listed = await (await ctx.request(GRANTS, { headers: bearer(owner.token) })).json();
    expect(listed.map((g: { id: string }) => g.id)).toEqual([row.id]);

    const changed = await ctx.request(
      `${GRANTS}/${row.id}`,
      jsonRequest("PUT", owner.token, {
        can_view_reports: true,
        is_active: false,
        access_end_date: null,
      }),
    );
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      can_manage_diary: true,
      can_view_reports: true,
      is_active: false,
      access_end_date: null,
    });

    const deleted = await ctx.request(`${GRANTS}/${row.id}`, {
      method: "DELETE",
      headers: bearer(owner.token),
    });
    expect(deleted.status).toBe(200);
    expect(await (await ctx.request(GRANTS, { headers: bearer(owner.token) })).json()).toEqual([]);
  });

  test("self-grant is 400, a second grant to the same person 409, unknown email 404", async () => {
    const owner = await ctx.createUser();
    const delegate = await ctx.createUser();
    const self = await ctx.request(
      GRANTS,
      jsonRequest("POST", owner.token, { delegate_email: owner.email }),
    );
    expect(self.status).toBe(400);
    await grant(ctx, owner, delegate, { can_view_reports: true });
    const again = await ctx.request(
      GRANTS,
      jsonRequest("POST", owner.token, { delegate_email: delegate.email }),
    );
    expect(again.status).toBe(409);
    const unknown = await ctx.request(
      GRANTS,
      jsonRequest("POST", owner.token, { delegate_email: "nobody@example.test" }),
    );
    expect(unknown.status).toBe(404);
    const list = await (await ctx.request(GRANTS, { headers: bearer(owner.token) })).json();
    expect(list.length).toBe(1);
  });

  test("bad input is 400 and creates nothing", async () => {
    const owner = await ctx.createUser();
    const delegate = await ctx.createUser();
    for (const body of [
      { delegate_email: delegate.email, can_manage_diary: "yes" },
      { delegate_email: delegate.email, access_end_date: "tomorrow" },
      { delegate_email: delegate.email, can_do_everything: true },
      {},
    ]) {
      const res = await ctx.request(GRANTS, jsonRequest("POST", owner.token, body));
      expect(res.status).toBe(400);
      expect(typeof (await res.json()).error).toBe("string");
    }
    expect(await (await ctx.request(GRANTS, { headers: bearer(owner.token) })).json()).toEqual([]);
  });

  test("grants are the owner's alone: another user cannot see, change or delete them", async () => {
    const owner = await ctx.createUser();
    const delegate = await ctx.createUser();
    const id = await grant(ctx, owner, delegate, { can_manage_checkin: true });
    // The delegate sees no grants of their own, and cannot touch the owner's.
    expect(await (await ctx.request(GRANTS, { headers: bearer(delegate.token) })).json()).toEqual(
      [],
    );
    const put = await ctx.request(
      `${GRANTS}/${id}`,
      jsonRequest("PUT", delegate.token, { can_manage_diary: true }),
    );
    expect(put.status).toBe(404);
    const del = await ctx.request(`${GRANTS}/${id}`, {
      method: "DELETE",
      headers: bearer(delegate.token),
    });
    expect(del.status).toBe(404);
    // Acting for the owner does not open the owner's grants either.
    const acting = { ...bearer(delegate.token), "X-Acting-For": owner.id };
    expect((await ctx.request(GRANTS, { headers: acting })).status).toBe(403);
    const [row] = await ctx.db.owner`select can_manage_diary from family_access where id = ${id}`;
    expect(row!.can_manage_diary).toBe(false);
  });

  test("an API key cannot create grants", async () => {
    const owner = await ctx.createUser();
    const delegate = await ctx.createUser();
    const key = await ctx.createApiKey(owner.id);
    const res = await ctx.request(
      GRANTS,
      jsonRequest("POST", key, { delegate_email: delegate.email }),
    );
    expect(res.status).toBe(403);
  });
});
