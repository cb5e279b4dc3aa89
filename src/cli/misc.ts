import { SECRET_VARIABLES } from "../config.ts";
import { openDatabase } from "../db.ts";
import { applyMigrations } from "../database/migrate.ts";
import { VERSION } from "../version.ts";
import type { CommandContext } from "./context.ts";

export async function migrate({ config }: CommandContext): Promise<number> {
  const db = await openDatabase(config, { migrate: false, maxConnections: 1 });
  try {
    const applied = await applyMigrations(db.owner);
    console.log(
      applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database is up to date.",
    );
    return 0;
  } finally {
    await db.close();
  }
}

export async function version(): Promise<number> {
  console.log(VERSION);
  return 0;
}

/** Prints the effective configuration with secrets masked. */
export async function showConfig({ config }: CommandContext): Promise<number> {
  const masked: Record<string, unknown> = {
    ...config,
    database: config.databaseUrl ? "external" : `embedded in ${config.dataDir}/pgdata`,
  };
  // The SMTP password, the OIDC client secret and the VAPID private key sit inside `email`,
  // `oidc` and `push`: masked below.
  const secretKeys: Partial<Record<(typeof SECRET_VARIABLES)[number], keyof typeof config>> = {
    SERVICE_FITNESS_DATABASE_URL: "databaseUrl",
    SERVICE_FITNESS_API_ENCRYPTION_KEY: "apiEncryptionKey",
    BETTER_AUTH_SECRET: "authSecret",
  };
  for (const key of Object.values(secretKeys)) {
    if (masked[key])
      masked[key] = key === "databaseUrl" ? maskUrl(String(masked[key])) : "********";
  }
  if (config.email?.password) masked.email = { ...config.email, password: "********" };
  if (config.oidc) masked.oidc = { ...config.oidc, clientSecret: "********" };
  masked.push = { ...config.push, privateKey: "********" };
  if (config.objectStore) {
    masked.objectStore = { ...config.objectStore, secretAccessKey: "********" };
  }
  console.log(JSON.stringify(masked, null, 2));
  return 0;
}

function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "********";
    return parsed.toString();
  } catch {
    return "********";
  }
}

/** Exit 0 when the server on the configured port answers /api/health. */
export async function healthcheck({ config }: CommandContext): Promise<number> {
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  try {
    const response = await fetch(
      `http://${host.includes(":") ? `[${host}]` : host}:${config.port}/api/health`,
      {
        signal: AbortSignal.timeout(5000),
      },
    );
    if (response.ok) return 0;
    console.error(`Server answered ${response.status}`);
  } catch (error) {
    console.error(`Server not reachable: ${(error as Error).message}`);
  }
  return 1;
}
