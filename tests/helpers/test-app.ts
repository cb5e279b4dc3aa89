import { API_KEY_PERMISSIONS, createApiKey } from "../../src/credentials/api-keys.ts";
import { createApp } from "../../src/app.ts";
import { createSession } from "../../src/credentials/sessions.ts";
import type { Config } from "../../src/config.ts";
import type { Database } from "../../src/db.ts";
import { createLogger } from "../../src/logger.ts";
import { createUserAccount } from "../../src/users/accounts.ts";
import { createTestConfig, createTestDatabase, removeTestDataDir } from "./test-database.ts";
import { createRunningJobs, type RunningJobs } from "../../src/lib/running-jobs.ts";

export type TestUser = { id: string; email: string; password: string; token: string };

export type TestContext = {
  config: Config;
  db: Database;
  app: ReturnType<typeof createApp>;
  /** The app's background jobs (imports), as the server interrupts them when it stops. */
  jobs: RunningJobs;
  /** Sends a request through the real HTTP app. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** A new account with a signed-in session token. */
  createUser(name?: string): Promise<TestUser>;
  /** A new API key for the user, returning the plaintext key. */
  createApiKey(userId: string, permissions?: string[], expiresAt?: Date | null): Promise<string>;
  close(): Promise<void>;
};

/** The app on a database of its own; call `close` in afterAll. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const config = createTestConfig(env);
  const db = await createTestDatabase(config);
  const jobs = createRunningJobs();
  const app = createApp({ config, db, logger: createLogger("silent"), jobs });
  return {
    config,
    db,
    app,
    jobs,
    request: async (path, init) => app.request(path, init),
    async createUser(name = "Test User") {
      const email = `${crypto.randomUUID()}@example.test`;
      const password = "correct horse battery";
      const user = await createUserAccount(db, { email, password, name });
      const { token } = await createSession(db, user.id);
      return { id: user.id, email, password, token };
    },
    async createApiKey(userId, permissions = [...API_KEY_PERMISSIONS], expiresAt = null) {
      const { key } = await createApiKey(db, config.apiEncryptionKey, userId, {
        name: "test key",
        permissions,
        expiresAt,
      });
      return key;
    },
    async close() {
      await db.close();
      removeTestDataDir(config);
    },
  };
}

/** Headers for a request authenticated with a bearer token, with an optional JSON body. */
export function bearer(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { Authorization: `Bearer ${token}`, ...extra };
}

export function jsonRequest(method: string, token: string | null, body?: unknown): RequestInit {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  return { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
}
