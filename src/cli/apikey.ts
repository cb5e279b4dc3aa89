import {
  API_KEY_PERMISSIONS,
  createApiKey,
  listApiKeys,
  revokeApiKey,
} from "../credentials/api-keys.ts";
import type { Config } from "../config.ts";
import type { Database } from "../db.ts";
import { findUserByEmail } from "../users/accounts.ts";
import {
  type CommandContext,
  parseOptions,
  printJson,
  UsageError,
  withDatabase,
} from "./context.ts";

export const APIKEY_USAGE = `fitness apikey create --email E --name N [--permissions a,b] [--json]
fitness apikey list --email E [--json]
fitness apikey revoke --id ID`;

export async function apikey({ config, args }: CommandContext): Promise<number> {
  if (!["create", "list", "revoke"].includes(args[0] ?? "")) throw new UsageError(APIKEY_USAGE);
  return withDatabase(config, (db) => runApiKeyCommand(db, config, args));
}

/** The apikey subcommands on an open database (separate so tests can run them). */
export async function runApiKeyCommand(
  db: Database,
  config: Config,
  [sub, ...rest]: string[],
): Promise<number> {
  if (sub === "create") {
    const o = parseOptions(
      rest,
      {
        email: { type: "string" },
        name: { type: "string" },
        permissions: { type: "string" },
        json: { type: "boolean" },
      },
      ["email", "name"],
    );
    const permissions = o.permissions?.split(",").map((p) => p.trim()) ?? [...API_KEY_PERMISSIONS];
    const unknown = permissions.filter(
      (p) => !(API_KEY_PERMISSIONS as readonly string[]).includes(p),
    );
    if (unknown.length || !permissions.length) {
      throw new UsageError(`--permissions must be a list of: ${API_KEY_PERMISSIONS.join(", ")}`);
    }
    const user = await userByEmail(db, o.email!);
    const { key, row } = await createApiKey(db, config.apiEncryptionKey, user.id, {
      name: o.name!,
      permissions: [...new Set(permissions)],
      expiresAt: null,
    });
    if (o.json) printJson({ id: row.id, key });
    else
      console.log(
        `Created API key ${row.id} for ${user.email}:\n${key}\nStore it now; it is not shown again.`,
      );
    return 0;
  }
  if (sub === "list") {
    const o = parseOptions(rest, { email: { type: "string" }, json: { type: "boolean" } }, [
      "email",
    ]);
    const keys = await listApiKeys(db, (await userByEmail(db, o.email!)).id);
    if (o.json) printJson(keys);
    else
      for (const k of keys)
        console.log(`${k.id}  ${k.key_prefix}…  ${k.name}  [${k.permissions.join(",")}]`);
    return 0;
  }
  if (sub === "revoke") {
    const o = parseOptions(rest, { id: { type: "string" } }, ["id"]);
    // The CLI is an administrator tool: find the key's owner, then revoke as that owner.
    const [owner] = await db.owner<{ user_id: string }[]>`
      select user_id from api_keys where id::text = ${o.id!}`;
    if (!owner || !(await revokeApiKey(db, owner.user_id, o.id!))) {
      throw new Error(`No API key with id ${o.id}`);
    }
    console.log(`Revoked API key ${o.id}`);
    return 0;
  }
  throw new UsageError(APIKEY_USAGE);
}

async function userByEmail(db: Database, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No user with email ${email}`);
  return user;
}
