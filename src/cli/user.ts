import { resetTwoFactor } from "../auth/reset-two-factor.ts";
import { createUserAccount, findUserByEmail, listUsers, resetPassword } from "../users/accounts.ts";
import { setUserRole } from "../users/admin.ts";
import {
  type CommandContext,
  parseOptions,
  printJson,
  UsageError,
  withDatabase,
} from "./context.ts";

export const USER_USAGE = `fitness user create --email E --password P [--name N] [--admin] [--json]
fitness user list [--json]
fitness user reset-password --email E --password P
fitness user reset-2fa --email E
fitness user set-role --email E --role admin|user`;

export async function user({ config, args }: CommandContext): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "create") {
    const o = parseOptions(
      rest,
      {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        admin: { type: "boolean" },
        json: { type: "boolean" },
      },
      ["email", "password"],
    );
    const created = await withDatabase(config, (db) =>
      createUserAccount(db, {
        email: o.email!,
        password: o.password!,
        name: o.name,
        role: o.admin ? "admin" : "user",
      }),
    );
    if (o.json) printJson({ id: created.id, email: created.email });
    else console.log(`Created ${created.role} ${created.email} (${created.id})`);
    return 0;
  }
  if (sub === "list") {
    const o = parseOptions(rest, { json: { type: "boolean" } });
    const users = await withDatabase(config, listUsers);
    if (o.json) printJson(users);
    else
      for (const u of users)
        console.log(`${u.id}  ${u.role.padEnd(5)}  ${u.disabled ? "disabled " : ""}${u.email}`);
    return 0;
  }
  if (sub === "reset-password") {
    const o = parseOptions(rest, { email: { type: "string" }, password: { type: "string" } }, [
      "email",
      "password",
    ]);
    const found = await withDatabase(config, (db) =>
      resetPassword(db, { email: o.email! }, o.password!),
    );
    if (!found) throw new Error(`No user with email ${o.email}`);
    console.log(`Password reset for ${o.email}; their sessions were signed out.`);
    return 0;
  }
  if (sub === "reset-2fa") {
    const o = parseOptions(rest, { email: { type: "string" } }, ["email"]);
    const found = await withDatabase(config, (db) => resetTwoFactor(db, { email: o.email! }));
    if (!found) throw new Error(`No user with email ${o.email}`);
    console.log(`Two-factor sign-in turned off for ${o.email}; they sign in with their password.`);
    return 0;
  }
  if (sub === "set-role") {
    const o = parseOptions(rest, { email: { type: "string" }, role: { type: "string" } }, [
      "email",
      "role",
    ]);
    if (o.role !== "admin" && o.role !== "user") throw new UsageError(USER_USAGE);
    const role = o.role;
    const updated = await withDatabase(config, async (db) => {
      const found = await findUserByEmail(db, o.email!);
      return found ? setUserRole(db, found.id, role) : null;
    });
    if (!updated) throw new Error(`No user with email ${o.email}`);
    console.log(`${updated.email} is now ${updated.role === "admin" ? "an admin" : "a user"}.`);
    return 0;
  }
  throw new UsageError(USER_USAGE);
}
