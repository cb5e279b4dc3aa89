import type { MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { HttpError } from "../errors.ts";
import { requireSession } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { access } from "../http/route-kit.ts";
import { createRouter } from "../http/router.ts";
import {
  deleteGrant,
  findGrant,
  findUserIdByEmail,
  insertGrant,
  listGrants,
  updateGrant,
} from "./queries.ts";
import {
  createGrantRoute,
  deleteGrantRoute,
  listGrantsRoute,
  updateGrantRoute,
} from "./route-docs.ts";

// Grants are the owner's alone: never visible or changeable from a switched context.
const readAccess: MiddlewareHandler<AppEnv> = access("owner_only", false);
// Sharing hands out access to everything in the grant: an API key (made for sync and MCP)
// must not be able to do that, nor the shared demo account.
const writeAccess: MiddlewareHandler<AppEnv> = every(
  access("owner_only", true),
  requireSession(),
  blockDemoAccount(),
);

const NOT_FOUND = "Family access grant not found.";

export const familyAccessRoutes = createRouter()
  .openapi({ ...listGrantsRoute, middleware: readAccess }, async (c) => {
    const { userId } = c.var.auth;
    return c.json(await c.var.db.withUser(userId, (tx) => listGrants(tx)), 200);
  })
  .openapi({ ...createGrantRoute, middleware: writeAccess }, async (c) => {
    const { delegate_email, ...input } = c.req.valid("json");
    const { userId } = c.var.auth;
    const grant = await c.var.db.withUser(userId, async (tx) => {
      const delegateId = await findUserIdByEmail(tx, delegate_email);
      if (!delegateId) throw new HttpError(404, "No account with that email address exists.");
      if (delegateId === userId)
        throw new HttpError(400, "You cannot share your data with yourself.");
      const id = await insertGrant(tx, userId, delegateId, input).catch((error) => {
        if ((error as { code?: string }).code !== "23505") throw error;
        throw new HttpError(409, "You already share with this account; change that grant instead.");
      });
      return findGrant(tx, id);
    });
    return c.json(grant!, 201);
  })
  .openapi({ ...updateGrantRoute, middleware: writeAccess }, async (c) => {
    const { id } = c.req.valid("param");
    const { userId } = c.var.auth;
    const grant = await c.var.db.withUser(userId, async (tx) => {
      await updateGrant(tx, id, c.req.valid("json"));
      return findGrant(tx, id);
    });
    if (!grant) throw new HttpError(404, NOT_FOUND);
    return c.json(grant, 200);
  })
  .openapi({ ...deleteGrantRoute, middleware: writeAccess }, async (c) => {
    const { id } = c.req.valid("param");
    const { userId } = c.var.auth;
    if (!(await c.var.db.withUser(userId, (tx) => deleteGrant(tx, id)))) {
      throw new HttpError(404, NOT_FOUND);
    }
    return c.json({ message: "Family access removed." }, 200);
  });
