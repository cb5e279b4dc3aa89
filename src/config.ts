import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { z } from "zod";

/** Raised when the environment cannot be turned into a valid configuration. */
export class ConfigError extends Error {}

const bool = z
  .enum(["true", "false", "1", "0"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1");
const wholeNumber = (min: number, max: number, rule: string) =>
  z.coerce
    .number({ error: rule })
    .int({ error: rule })
    .min(min, { error: rule })
    .max(max, { error: rule });
const port = wholeNumber(0, 65535, "must be a port number from 0 to 65535");
const positiveInt = wholeNumber(1, Number.MAX_SAFE_INTEGER, "must be a positive whole number");
const hex64 = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal characters")
  .transform((v) => v.toLowerCase());

// Keys are the environment variable names, so a zod issue path names the variable.
const envSchema = z.object({
  SERVICE_FITNESS_SERVER_PORT: port.default(3010),
  SERVICE_FITNESS_SERVER_HOST: z.string().min(1).default("0.0.0.0"),
  SERVICE_FITNESS_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  SERVICE_FITNESS_DATA_DIR: z.string().min(1).default("./data"),
  SERVICE_FITNESS_UPLOADS_DIR: z.string().min(1).optional(),
  SERVICE_FITNESS_API_ENCRYPTION_KEY: hex64.optional(),
  BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SERVICE_FITNESS_PUBLIC_API_DOCS: bool.default(false),
  SERVICE_FITNESS_LOG_LEVEL: z
    .enum(["debug", "info", "warn", "error", "silent"], {
      error: "must be one of debug, info, warn, error, silent",
    })
    .default("info"),
  SERVICE_FITNESS_DISABLE_SIGNUP: bool.default(false),
  SERVICE_FITNESS_DEMO_MODE: bool.default(false),
  SERVICE_FITNESS_API_KEY_RATELIMIT_WINDOW_MS: positiveInt.default(60000),
  SERVICE_FITNESS_API_KEY_RATELIMIT_MAX_REQUESTS: positiveInt.default(100),
  SERVICE_FITNESS_SIGN_IN_RATELIMIT_WINDOW: positiveInt.default(60),
  SERVICE_FITNESS_SIGN_IN_RATELIMIT_MAX: positiveInt.default(4),
  SERVICE_FITNESS_TRUSTED_PROXY_HOPS: wholeNumber(
    0,
    100,
    "must be a whole number from 0 to 100",
  ).default(1),
  SERVICE_FITNESS_REAL_IP_HEADER: z.string().min(1).optional(),
});

/** Variables that hold secrets: each also accepts NAME_FILE and is masked by `fitness config`. */
export const SECRET_VARIABLES = [
  "SERVICE_FITNESS_DATABASE_URL",
  "SERVICE_FITNESS_API_ENCRYPTION_KEY",
  "BETTER_AUTH_SECRET",
] as const;

export type Config = Readonly<{
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  apiEncryptionKey: string;
  authSecret: string;
  publicApiDocs: boolean;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  disableSignup: boolean;
  demoMode: boolean;
  apiKeyRateLimit: Readonly<{ windowMs: number; max: number }>;
  signInRateLimit: Readonly<{ windowSeconds: number; max: number }>;
  trustedProxyHops: number;
  realIpHeader: string | undefined;
  /** Secrets that were generated because none was configured (reported once as a warning). */
  generatedSecrets: readonly string[];
}>;

type Env = Record<string, string | undefined>;

/** Parses the environment once into a frozen configuration, or throws a one-line ConfigError. */
export function loadConfig(env: Env = process.env): Config {
  const raw: Env = {};
  for (const key of Object.keys(envSchema.shape)) raw[key] = emptyToUndefined(env[key]);
  for (const name of SECRET_VARIABLES) raw[name] = readSecret(env, name);

  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.SERVICE_FITNESS_DATA_DIR);
  const generatedSecrets: string[] = [];
  const keptSecret = (name: string, value: string | undefined) => {
    if (value) return value;
    generatedSecrets.push(name);
    return readOrCreateSecret(dataDir, name);
  };

  return Object.freeze({
    port: e.SERVICE_FITNESS_SERVER_PORT,
    host: e.SERVICE_FITNESS_SERVER_HOST,
    databaseUrl: e.SERVICE_FITNESS_DATABASE_URL,
    dataDir,
    uploadsDir: resolve(e.SERVICE_FITNESS_UPLOADS_DIR ?? join(dataDir, "uploads")),
    apiEncryptionKey: keptSecret(
      "SERVICE_FITNESS_API_ENCRYPTION_KEY",
      e.SERVICE_FITNESS_API_ENCRYPTION_KEY,
    ),
    authSecret: keptSecret("BETTER_AUTH_SECRET", e.BETTER_AUTH_SECRET),
    publicApiDocs: e.SERVICE_FITNESS_PUBLIC_API_DOCS,
    logLevel: e.SERVICE_FITNESS_LOG_LEVEL,
    disableSignup: e.SERVICE_FITNESS_DISABLE_SIGNUP,
    demoMode: e.SERVICE_FITNESS_DEMO_MODE,
    apiKeyRateLimit: Object.freeze({
      windowMs: e.SERVICE_FITNESS_API_KEY_RATELIMIT_WINDOW_MS,
      max: e.SERVICE_FITNESS_API_KEY_RATELIMIT_MAX_REQUESTS,
    }),
    signInRateLimit: Object.freeze({
      windowSeconds: e.SERVICE_FITNESS_SIGN_IN_RATELIMIT_WINDOW,
      max: e.SERVICE_FITNESS_SIGN_IN_RATELIMIT_MAX,
    }),
    trustedProxyHops: e.SERVICE_FITNESS_TRUSTED_PROXY_HOPS,
    realIpHeader: e.SERVICE_FITNESS_REAL_IP_HEADER?.toLowerCase(),
    generatedSecrets: Object.freeze(generatedSecrets),
  });
}

function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

function readSecret(env: Env, name: string): string | undefined {
  const direct = emptyToUndefined(env[name]);
  const file = emptyToUndefined(env[`${name}_FILE`]);
  if (direct !== undefined && file !== undefined) {
    throw new ConfigError(`${name}: set either ${name} or ${name}_FILE, not both`);
  }
  if (file === undefined) return direct;
  let content: string;
  try {
    content = readFileSync(file, "utf8").trim();
  } catch {
    throw new ConfigError(`${name}_FILE: cannot read file ${file}`);
  }
  if (content === "") throw new ConfigError(`${name}_FILE: file ${file} is empty`);
  return content;
}

// Generated secrets live beside the embedded database so restarts keep the same keys:
// losing the encryption key would make every stored API key unreadable.
function readOrCreateSecret(dataDir: string, name: string): string {
  const dir = join(dataDir, "secrets");
  const path = join(dir, name.toLowerCase());
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const value = randomBytes(32).toString("hex");
  try {
    writeFileSync(path, value + "\n", { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process created it first: use theirs so both agree.
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      return readFileSync(path, "utf8").trim();
    throw error;
  }
  return value;
}
