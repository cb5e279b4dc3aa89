import postgres from "postgres";
import { createApiKey } from "../../src/credentials/api-keys.ts";
import { createSession } from "../../src/credentials/sessions.ts";
import { connectionOptions, createDatabase } from "../../src/db.ts";
import { runCli } from "./server-process.ts";

export type BenchUser = { id: string; email: string; password: string };

/** Creates the bench account through the binary's CLI, as an administrator would. */
export function createUser(env: Record<string, string>): BenchUser {
  const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const password = "bench password 1234";
  const result = runCli(env, [
    "user",
    "create",
    "--email",
    email,
    "--password",
    password,
    "--json",
  ]);
  if (result.exitCode !== 0) throw new Error(`user create failed: ${result.stderr}`);
  const { id } = JSON.parse(result.stdout) as { id: string };
  return { id, email, password };
}

/**
 * An API key with health_data_write. Prefers `fitness apikey create` (built in another
 * branch); without it, inserts one directly with the server's encryption key.
 */
export async function createBenchApiKey(
  env: Record<string, string>,
  user: BenchUser,
): Promise<{ key: string; via: string }> {
  const cli = runCli(env, ["apikey", "create", "--email", user.email, "--name", "bench", "--json"]);
  if (cli.exitCode === 0) {
    return { key: (JSON.parse(cli.stdout) as { key: string }).key, via: "cli" };
  }
  const key = await withDatabase(env, async (db) => {
    const created = await createApiKey(db, env.SERVICE_FITNESS_API_ENCRYPTION_KEY!, user.id, {
      name: "bench",
      permissions: ["health_data_write"],
      expiresAt: null,
    });
    return created.key;
  });
  return { key, via: "src/apikeys/keys.ts" };
}

/** A session token for the read routes: the sign-in route when it exists, else made directly. */
export async function createSessionToken(
  env: Record<string, string>,
  baseUrl: string,
  user: BenchUser,
): Promise<{ token: string; via: string }> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const body = (await response.json().catch(() => null)) as { token?: unknown } | null;
  if (response.status === 200 && typeof body?.token === "string") {
    return { token: body.token, via: "sign-in route" };
  }
  const token = await withDatabase(env, async (db) => (await createSession(db, user.id)).token);
  return { token, via: "src/auth/sessions.ts" };
}

async function withDatabase<T>(
  env: Record<string, string>,
  fn: (db: ReturnType<typeof createDatabase>) => Promise<T>,
): Promise<T> {
  const owner = postgres(env.SERVICE_FITNESS_DATABASE_URL!, connectionOptions(1));
  const db = createDatabase(owner, () => owner.end());
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
