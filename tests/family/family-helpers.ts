import type { GrantFlag } from "../../src/http/permissions.ts";
import type { TestContext, TestUser } from "../helpers/test-app.ts";
import { bearer, jsonRequest } from "../helpers/test-app.ts";

export type Flags = Partial<Record<GrantFlag, boolean>> & {
  access_end_date?: string | null;
  is_active?: boolean;
};

/** The owner shares with the delegate over HTTP; returns the grant's id. */
export async function grant(
  ctx: TestContext,
  owner: TestUser,
  delegate: TestUser,
  flags: Flags,
): Promise<string> {
  const res = await ctx.request(
    "/api/identity/family-access",
    jsonRequest("POST", owner.token, { delegate_email: delegate.email, ...flags }),
  );
  if (res.status !== 201) throw new Error(`grant failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** A request by `caller` acting for `owner` through X-Acting-For. */
export function actingFor(
  ctx: TestContext,
  caller: TestUser,
  owner: { id: string },
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = { ...bearer(caller.token), "X-Acting-For": owner.id, ...init.headers };
  return ctx.request(path, { ...init, headers });
}

/** Ends a grant in the past directly in the database, as if its end date had passed. */
export async function expireGrant(ctx: TestContext, id: string): Promise<void> {
  await ctx.db.owner`
    update family_access set access_end_date = now() - interval '1 second' where id = ${id}`;
}
