import { API_KEY_PERMISSIONS, type ApiKeyPermission } from "../../src/credentials/api-keys.ts";
import type { FamilyPermission, GrantFlag } from "../../src/http/permissions.ts";
import type { TestContext, TestUser } from "../helpers/test-app.ts";
import { jsonRequest } from "../helpers/test-app.ts";
import { GRANT_FLAGS, tableAllows } from "./permission-table.ts";
import type { MatrixOwner, MatrixRoute } from "./types.ts";

/** Everyone a matrix row is sent as, around one owner. */
export type Cast = {
  owner: TestUser;
  asOwner: MatrixOwner;
  /** One delegate per grant flag, each holding only that flag. */
  single: Record<GrantFlag, TestUser>;
  /** A delegate holding every flag (the one to use when no flag opens a route). */
  everything: TestUser;
  expired: TestUser;
  inactive: TestUser;
  stranger: TestUser;
  /** An API key of the delegate holding every flag. */
  everythingKey: string;
  /** The owner's API keys, each holding only one permission. */
  ownerKeys: Record<ApiKeyPermission, string>;
};

/** Sends a request as the user: bearer token, JSON or multipart body. */
export function send(
  ctx: TestContext,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<Response> {
  if (body instanceof FormData) {
    return ctx.request(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...extra },
      body,
    });
  }
  const init = jsonRequest(method, token, body);
  return ctx.request(path, { ...init, headers: { ...(init.headers as object), ...extra } });
}

async function grantTo(owner: TestUser, delegate: TestUser, ctx: TestContext, grant: object) {
  const res = await send(ctx, owner.token, "POST", "/api/identity/family-access", {
    delegate_email: delegate.email,
    ...grant,
  });
  if (res.status !== 201) throw new Error(`grant failed: ${res.status} ${await res.text()}`);
}

/** Creates the owner and every delegate with their grants, through the grants API. */
export async function createCast(ctx: TestContext): Promise<Cast> {
  const owner = await ctx.createUser("Matrix Owner");
  const all = Object.fromEntries(GRANT_FLAGS.map((flag) => [flag, true]));
  const single = {} as Record<GrantFlag, TestUser>;
  for (const flag of GRANT_FLAGS) {
    single[flag] = await ctx.createUser(`Only ${flag}`);
    await grantTo(owner, single[flag], ctx, { [flag]: true });
  }
  const [everything, expired, inactive, stranger] = [
    await ctx.createUser("Everything"),
    await ctx.createUser("Expired"),
    await ctx.createUser("Inactive"),
    await ctx.createUser("Stranger"),
  ];
  await grantTo(owner, everything, ctx, all);
  await grantTo(owner, expired, ctx, { ...all, access_end_date: "2000-01-01T00:00:00Z" });
  await grantTo(owner, inactive, ctx, { ...all, is_active: false });
  const asOwner: MatrixOwner = {
    id: owner.id,
    token: owner.token,
    request: (method, path, body) => send(ctx, owner.token, method, path, body),
  };
  const everythingKey = await ctx.createApiKey(everything.id);
  const ownerKeys = {} as Record<ApiKeyPermission, string>;
  for (const permission of API_KEY_PERMISSIONS) {
    ownerKeys[permission] = await ctx.createApiKey(owner.id, [permission]);
  }
  return {
    owner,
    asOwner,
    single,
    everything,
    expired,
    inactive,
    stranger,
    everythingKey,
    ownerKeys,
  };
}

export type Caller = {
  name: string;
  token: string;
  actingFor: boolean;
  allowed: boolean;
  apiKey?: boolean;
  /** One of the owner's own keys: acts as the owner when its permission opens the route. */
  ownerKey?: boolean;
};

/**
 * Whether a key holding only `permission` opens the route: the data rule (written out
 * here, apart from the server's route-kit) unless the row names its own.
 */
export function keyOpens(row: MatrixRoute, permission: ApiKeyPermission): boolean {
  const opening = row.keyPermissions ?? [row.write ? "data_write" : "data_read"];
  return opening.includes(permission);
}

/**
 * The callers types.ts names, for a route protected by `permission`, each with whether the
 * spec's table lets it through.
 */
export function callersFor(cast: Cast, row: MatrixRoute): Caller[] {
  const { permission, write } = row;
  const opens = (flag: GrantFlag) => tableAllows([flag], permission, write);
  const neededFlag = GRANT_FLAGS.find(opens);
  // Every flag opens an 'any_grant' route: it has no unrelated caller.
  const unrelatedFlag = GRANT_FLAGS.find(
    (flag) => !tableAllows([flag], permission, false) && !tableAllows([flag], permission, true),
  );
  const needed = neededFlag ? cast.single[neededFlag] : cast.everything;
  return [
    { name: "owner", token: cast.owner.token, actingFor: false, allowed: true },
    {
      name: `delegate with ${neededFlag ?? "every flag"}`,
      token: needed.token,
      actingFor: true,
      allowed: !!neededFlag,
    },
    {
      name: "only can_view_reports",
      token: cast.single.can_view_reports.token,
      actingFor: true,
      allowed: opens("can_view_reports"),
    },
    ...(unrelatedFlag
      ? [
          {
            name: `unrelated ${unrelatedFlag}`,
            token: cast.single[unrelatedFlag].token,
            actingFor: true,
            allowed: false,
          },
        ]
      : []),
    { name: "expired grant", token: cast.expired.token, actingFor: true, allowed: false },
    { name: "inactive grant", token: cast.inactive.token, actingFor: true, allowed: false },
    { name: "no grant", token: cast.stranger.token, actingFor: true, allowed: false },
    {
      name: "API key with X-Acting-For",
      token: cast.everythingKey,
      actingFor: true,
      allowed: false,
      apiKey: true,
    },
    ...API_KEY_PERMISSIONS.map((key) => ({
      name: `owner's key with only ${key}`,
      token: cast.ownerKeys[key],
      actingFor: false,
      allowed: keyOpens(row, key),
      apiKey: true,
      ownerKey: true,
    })),
  ];
}
