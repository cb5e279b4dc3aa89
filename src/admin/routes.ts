import { createRoute, z } from "@hono/zod-openapi";
import { errorContent } from "../auth/schemas.ts";
import { HttpError } from "../errors.ts";
import { requireAdmin, requireUser } from "../http/auth.ts";
import type { AppEnv } from "../http/context.ts";
import { blockDemoAccount } from "../http/demo-guard.ts";
import { createRouter } from "../http/router.ts";
import { listUsers, resetPassword } from "../users/accounts.ts";
import { setUserDisabled, setUserRole } from "../users/admin.ts";
import type { Context } from "hono";

const json = <T>(schema: T) => ({ "application/json": { schema } });
const tags = ["Admin"];
const adminOnly = [requireUser(), requireAdmin(), blockDemoAccount()];
const userSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    name: z.string(),
    role: z.enum(["user", "admin"]),
    disabled: z.boolean(),
    created_at: z.date(),
  })
  .openapi("AdminUser");
const idParam = z.object({ id: z.string().uuid() });
const failures = {
  400: { description: "Invalid input", content: errorContent },
  401: { description: "Not signed in", content: errorContent },
  403: { description: "Not an administrator", content: errorContent },
  404: { description: "No such user", content: errorContent },
};

const list = createRoute({
  method: "get",
  path: "/api/admin/users",
  tags,
  summary: "Every account",
  middleware: adminOnly,
  responses: { 200: { description: "Users", content: json(z.array(userSchema)) }, ...failures },
});

const changeRole = createRoute({
  method: "put",
  path: "/api/admin/users/{id}/role",
  tags,
  summary: "Make a user an administrator or a regular user",
  middleware: adminOnly,
  request: {
    params: idParam,
    body: { content: json(z.object({ role: z.enum(["user", "admin"]) })), required: true },
  },
  responses: { 200: { description: "Updated", content: json(userSchema) }, ...failures },
});

const changeStatus = createRoute({
  method: "put",
  path: "/api/admin/users/{id}/status",
  tags,
  summary: "Disable (sessions and API keys stop at once) or re-enable a user",
  middleware: adminOnly,
  request: {
    params: idParam,
    body: { content: json(z.object({ disabled: z.boolean() })), required: true },
  },
  responses: { 200: { description: "Updated", content: json(userSchema) }, ...failures },
});

const reset = createRoute({
  method: "post",
  path: "/api/admin/users/{id}/reset-password",
  tags,
  summary: "Set a new password; the user's sessions are signed out",
  middleware: adminOnly,
  request: {
    params: idParam,
    body: { content: json(z.object({ newPassword: z.string().max(1024) })), required: true },
  },
  responses: {
    200: { description: "Reset", content: json(z.object({ message: z.string() })) },
    ...failures,
  },
});

// An administrator cannot demote or disable themselves, so there is always at least one
// administrator left who can undo a mistake.
function refuseSelf(c: Context<AppEnv>, id: string, what: string): void {
  if (id === c.var.auth.actorId) throw new HttpError(400, `You cannot ${what} your own account.`);
}

function found<T>(user: T | null): T {
  if (!user) throw new HttpError(404, "User not found.");
  return user;
}

export const adminRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listUsers(c.var.db), 200))
  .openapi(changeRole, async (c) => {
    const { id } = c.req.valid("param");
    refuseSelf(c, id, "change the role of");
    return c.json(found(await setUserRole(c.var.db, id, c.req.valid("json").role)), 200);
  })
  .openapi(changeStatus, async (c) => {
    const { id } = c.req.valid("param");
    refuseSelf(c, id, "disable or enable");
    return c.json(found(await setUserDisabled(c.var.db, id, c.req.valid("json").disabled)), 200);
  })
  .openapi(reset, async (c) => {
    const { id } = c.req.valid("param");
    const { newPassword } = c.req.valid("json");
    found((await resetPassword(c.var.db, { id }, newPassword)) || null);
    return c.json({ message: "Password reset; the user's sessions were signed out." }, 200);
  });
