import type { Config } from "../config.ts";
import type { Database } from "../db.ts";
import type { Logger } from "../logger.ts";
import type { RunningJobs } from "../lib/running-jobs.ts";

/** Who is asking, as resolved by the auth middleware. */
export type AuthInfo = {
  /** Whose data the request works on (changes when a family member switches context). */
  userId: string;
  /** Who is acting. */
  actorId: string;
  role: "user" | "admin";
  method: "session" | "api_key";
  sessionId?: string;
  apiKeyId?: string;
  /** API-key permissions; empty for sessions, which carry the account's full rights. */
  permissions: string[];
};

/**
 * What a request carries. Code on every request's path reads it with c.get(name): hono's
 * c.var builds a new object of all of them on each access.
 */
export type AppEnv = {
  Variables: {
    config: Config;
    db: Database;
    logger: Logger;
    jobs: RunningJobs;
    requestId: string;
    auth: AuthInfo;
  };
};

export type AppDeps = { config: Config; db: Database; logger: Logger; jobs: RunningJobs };
