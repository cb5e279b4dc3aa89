import { useObjectStore, type ObjectStoreConfig } from "./storage/object-store.ts";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { freeBytes, isDiskFull } from "./lib/disk-full.ts";
import { createECDH, randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import ipaddr from "ipaddr.js";
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
const httpUrl = z
  .string()
  .regex(/^https?:\/\/[^/\s]+/, "must be an http:// or https:// URL")
  .transform((v) => v.replace(/\/+$/, ""));
const hex64 = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal characters")
  .transform((v) => v.toLowerCase());

/** The fitness services provider sync can connect (ids as used in /api/integrations/<id>). */
export const SYNC_PROVIDERS = [
  "strava",
  "withings",
  "fitbit",
  "google_health",
  "polar",
  "oura",
  "garmin",
  "hevy",
] as const;
export type SyncProviderId = (typeof SYNC_PROVIDERS)[number];
// Hevy authenticates with each user's own API key: it has no OAuth app to configure.
const OAUTH_SYNC_PROVIDERS: readonly SyncProviderId[] = SYNC_PROVIDERS.filter((p) => p !== "hevy");
const providerVariable = (provider: SyncProviderId, suffix: string) =>
  `SERVICE_FITNESS_${provider.toUpperCase()}_${suffix}`;

// A '#', '/' or '?' in a password ends the URL's user part early: "Invalid URL", or worse a
// URL that parses into another host (the password's digits as its port, the real host in
// the path). The value itself is a secret and is never shown.
const DATABASE_URL_ENCODING =
  "is not a valid URL: percent-encode special characters in the user name and password (# as %23, / as %2F, ? as %3F, @ as %40, : as %3A, % as %25)";
function isWellFormedDatabaseUrl(value: string): boolean {
  if (value.includes("#")) return false;
  try {
    return !new URL(value).pathname.includes("@");
  } catch {
    return false;
  }
}

/** An IP address in the usual notation, as node:net reads it for the proxy list. */
const isPlainAddress = (text: string) =>
  ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);

// Comma-separated addresses and CIDR ranges; a wrong one fails start-up rather than every
// request that consults the list.
const addressRanges = z.string().transform((value, ctx) => {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.find((entry) => {
    const [address = "", bits, ...rest] = entry.split("/");
    if (rest.length || !isPlainAddress(address)) return true;
    return bits !== undefined && !ipaddr.isValidCIDR(entry);
  });
  if (wrong !== undefined || entries.length === 0) {
    ctx.addIssue({
      code: "custom",
      message: `${wrong === undefined ? "is empty" : `"${wrong}" is not an IP address or CIDR range`}: list addresses and ranges separated by commas, such as 10.0.0.0/8,fd00::/8 (an IPv4 prefix is at most 32 bits, IPv6 128)`,
    });
    return z.NEVER;
  }
  return entries;
});

// Per service: a base URL replacing the origin of every endpoint (a proxy, or a local fake
// in tests), and the administrator's OAuth app, used when a user has not set their own.
const providerEnvSchema = Object.fromEntries(
  SYNC_PROVIDERS.flatMap((provider) => [
    [providerVariable(provider, "BASE_URL"), httpUrl.optional()],
    ...(OAUTH_SYNC_PROVIDERS.includes(provider)
      ? [
          [providerVariable(provider, "CLIENT_ID"), z.string().min(1).optional()],
          [providerVariable(provider, "CLIENT_SECRET"), z.string().min(1).optional()],
        ]
      : []),
  ]),
) as Record<string, z.ZodOptional<z.ZodString> | z.ZodOptional<typeof httpUrl>>;

// Keys are the environment variable names, so a zod issue path names the variable.
// Maps draw on OpenStreetMap's standard tiles unless the admin names another server or "off";
// its tile usage policy asks for this credit.
const OSM_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const OSM_ATTRIBUTION = "© OpenStreetMap contributors";

const envSchema = z.object({
  ...providerEnvSchema,
  SERVICE_FITNESS_SYNC_SCHEDULER: bool.default(true),
  SERVICE_FITNESS_SYNC_POLL_SECONDS: positiveInt.default(60),
  SERVICE_FITNESS_SERVER_PORT: port.default(3010),
  SERVICE_FITNESS_SERVER_HOST: z.string().min(1).default("0.0.0.0"),
  SERVICE_FITNESS_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .refine(isWellFormedDatabaseUrl, DATABASE_URL_ENCODING)
    .optional(),
  SERVICE_FITNESS_DATA_DIR: z.string().min(1).default("./data"),
  SERVICE_FITNESS_UPLOADS_DIR: z.string().min(1).optional(),
  SERVICE_FITNESS_API_ENCRYPTION_KEY: hex64.optional(),
  SERVICE_FITNESS_VAPID_PRIVATE_KEY: hex64.optional(),
  SERVICE_FITNESS_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https:// URL")
    .optional(),
  SERVICE_FITNESS_REMINDERS: bool.default(true),
  SERVICE_FITNESS_REMINDER_POLL_SECONDS: positiveInt.default(60),
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
  SERVICE_FITNESS_MAP_TILE_URL: z
    .string()
    .regex(
      /^(off|https?:\/\/[^/]+\/.*\{z\}.*)$/,
      "must be an http(s) URL template with {z}, {x} and {y}, or off",
    )
    .default(OSM_TILE_URL),
  SERVICE_FITNESS_MAP_TILE_ATTRIBUTION: z.string().min(1).max(200).optional(),
  SERVICE_FITNESS_TRUSTED_PROXIES: addressRanges.optional(),
  SERVICE_FITNESS_PUBLIC_URL: httpUrl.optional(),
  SERVICE_FITNESS_EMAIL_HOST: z.string().min(1).optional(),
  SERVICE_FITNESS_EMAIL_PORT: port.optional(),
  SERVICE_FITNESS_EMAIL_USER: z.string().min(1).optional(),
  SERVICE_FITNESS_EMAIL_PASSWORD: z.string().min(1).optional(),
  SERVICE_FITNESS_EMAIL_FROM: z.string().min(3).default("fitness@localhost"),
  SERVICE_FITNESS_EMAIL_TLS: z
    .enum(["none", "starttls", "tls"], { error: "must be one of none, starttls, tls" })
    .default("starttls"),
  SERVICE_FITNESS_OIDC_ISSUER_URL: httpUrl.optional(),
  SERVICE_FITNESS_OIDC_CLIENT_ID: z.string().min(1).optional(),
  SERVICE_FITNESS_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  SERVICE_FITNESS_OIDC_SCOPE: z.string().min(1).default("openid profile email"),
  SERVICE_FITNESS_OIDC_AUTO_REGISTER: bool.default(true),
  SERVICE_FITNESS_OIDC_TRUST_EMAIL: bool.default(false),
  SERVICE_FITNESS_OIDC_DISPLAY_NAME: z.string().min(1).default("Single sign-on"),
  SERVICE_FITNESS_OIDC_TOKEN_AUTH_METHOD: z
    .enum(["client_secret_post", "client_secret_basic"], {
      error: "must be client_secret_post or client_secret_basic",
    })
    .default("client_secret_post"),
  SERVICE_FITNESS_OIDC_ID_TOKEN_SIGNED_RESPONSE_ALG: z.string().min(1).default("RS256"),
  SERVICE_FITNESS_OIDC_USERINFO_SIGNED_RESPONSE_ALG: z.string().min(1).default("none"),
  SERVICE_FITNESS_OIDC_TIMEOUT: positiveInt.default(30000),
  SERVICE_FITNESS_OPEN_FOOD_FACTS_DEFAULT: bool.default(true),
  SERVICE_FITNESS_OPEN_FOOD_FACTS_URL: httpUrl.default("https://world.openfoodfacts.org"),
  SERVICE_FITNESS_FOOD_PROVIDER_TIMEOUT_MS: wholeNumber(
    100,
    120000,
    "must be a whole number of milliseconds from 100 to 120000",
  ).default(10000),
  SERVICE_FITNESS_CHAT_MODEL_TIMEOUT_MS: wholeNumber(
    1000,
    600000,
    "must be a whole number of milliseconds from 1000 to 600000",
  ).default(120000),
  SERVICE_FITNESS_BACKUP_INTERVAL_HOURS: wholeNumber(
    0,
    24 * 366,
    "must be a whole number of hours (0 turns scheduled backups off)",
  ).default(0),
  SERVICE_FITNESS_BACKUP_RETENTION: positiveInt.default(7),
  SERVICE_FITNESS_BACKUP_DIR: z.string().min(1).optional(),
  SERVICE_FITNESS_METRICS: bool.default(false),
  SERVICE_FITNESS_S3_ENDPOINT: z.string().url().optional(),
  SERVICE_FITNESS_S3_BUCKET: z.string().min(1).optional(),
  SERVICE_FITNESS_S3_REGION: z.string().min(1).default("us-east-1"),
  SERVICE_FITNESS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  SERVICE_FITNESS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SERVICE_FITNESS_S3_PREFIX: z.string().default(""),
  SERVICE_FITNESS_S3_VIRTUAL_HOSTED_STYLE: bool.default(false),
  // Test-only: lets the SSRF guard reach one local fake server. Only a loopback name or
  // address is accepted, so it can never open the private network.
  SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST: z
    .enum(["localhost", "127.0.0.1", "::1", "[::1]"], {
      error: "must be localhost, 127.0.0.1 or ::1 (test-only setting)",
    })
    .optional(),
});

/** Variables that hold secrets: each also accepts NAME_FILE and is masked by `fitness config`. */
export const SECRET_VARIABLES = [
  "SERVICE_FITNESS_DATABASE_URL",
  "SERVICE_FITNESS_API_ENCRYPTION_KEY",
  "BETTER_AUTH_SECRET",
  "SERVICE_FITNESS_VAPID_PRIVATE_KEY",
  "SERVICE_FITNESS_EMAIL_PASSWORD",
  "SERVICE_FITNESS_OIDC_CLIENT_SECRET",
  "SERVICE_FITNESS_STRAVA_CLIENT_SECRET",
  "SERVICE_FITNESS_WITHINGS_CLIENT_SECRET",
  "SERVICE_FITNESS_FITBIT_CLIENT_SECRET",
  "SERVICE_FITNESS_GOOGLE_HEALTH_CLIENT_SECRET",
  "SERVICE_FITNESS_POLAR_CLIENT_SECRET",
  "SERVICE_FITNESS_OURA_CLIENT_SECRET",
  "SERVICE_FITNESS_GARMIN_CLIENT_SECRET",
  "SERVICE_FITNESS_S3_SECRET_ACCESS_KEY",
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
  /** The web client's map tile URL template (OpenStreetMap's by default); "off": no tiles. */
  mapTileUrl: string | undefined;
  /** The credit the map shows for its tiles. */
  mapTileAttribution: string;
  /** Address ranges whose forwarding headers are believed (CIDR or single addresses). */
  trustedProxies: readonly string[];
  /** The address users reach the server at; the passkey relying party and OIDC redirects. */
  publicUrl: string | undefined;
  /** Web Push (VAPID, RFC 8292): the server's key pair, base64url, and its contact. */
  push: PushConfig;
  /** Whether this process sends due reminders, and how often it looks. */
  reminders: Readonly<{ enabled: boolean; pollSeconds: number }>;
  /** Outgoing mail; undefined when no SMTP host is configured (email codes are off). */
  email: EmailConfig | undefined;
  /** The identity provider configured through the environment, if any. */
  oidc: EnvOidcProvider | undefined;
  /** Food provider defaults (src/providers). */
  foodProviders: FoodProvidersConfig;
  /** Scheduled backups: every `intervalHours` (0: off), keeping the newest `retention`. */
  backups: Readonly<{ intervalHours: number; retention: number; dir: string }>;
  /** The AI assistant's time limit for one model request (a stream may take a while). */
  chatModelTimeoutMs: number;
  /** Whether GET /metrics answers (Prometheus text format). */
  metrics: boolean;
  /** Uploads in an S3-compatible bucket instead of under uploadsDir; unset: local files. */
  objectStore: ObjectStoreConfig | undefined;
  /** Test-only loopback host the SSRF guard lets through; unset in production. */
  testFetchAllowHost: string | undefined;
  /** Each fitness service's base URL override and administrator OAuth app. */
  syncProviders: Readonly<Record<SyncProviderId, SyncProviderConfig>>;
  /** Whether this process runs the background sync scheduler, and how often it looks. */
  syncScheduler: Readonly<{ enabled: boolean; pollSeconds: number }>;
  /** Secrets that were generated because none was configured (reported once as a warning). */
  generatedSecrets: readonly string[];
}>;

export type FoodProvidersConfig = Readonly<{
  /** Every user gets Open Food Facts without configuring it (a provider row overrides it). */
  openFoodFactsDefault: boolean;
  /** The Open Food Facts instance the built-in provider and contributions use. */
  openFoodFactsUrl: string;
  /** How long one upstream request may take before the caller gets 504. */
  timeoutMs: number;
}>;

export type SyncProviderConfig = Readonly<{
  baseUrl: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
}>;

export type PushConfig = Readonly<{ publicKey: string; privateKey: string; subject: string }>;

export type EmailConfig = Readonly<{
  host: string;
  port: number;
  user: string | undefined;
  password: string | undefined;
  from: string;
  tls: "none" | "starttls" | "tls";
}>;

export type EnvOidcProvider = Readonly<{
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  autoRegister: boolean;
  trustEmail: boolean;
  displayName: string;
  tokenAuthMethod: "client_secret_post" | "client_secret_basic";
  idTokenSignedResponseAlg: string;
  userinfoSignedResponseAlg: string;
  timeoutMs: number;
}>;

// Loopback and private ranges: a reverse proxy on the same host or network.
const DEFAULT_TRUSTED_PROXIES = [
  "127.0.0.0/8",
  "::1/128",
  "10.0.0.0/8",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "fc00::/7",
];

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

  const config: Config = Object.freeze({
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
    push: pushConfig(
      keptSecret("SERVICE_FITNESS_VAPID_PRIVATE_KEY", e.SERVICE_FITNESS_VAPID_PRIVATE_KEY),
      e.SERVICE_FITNESS_VAPID_SUBJECT ??
        (e.SERVICE_FITNESS_PUBLIC_URL?.startsWith("https://")
          ? e.SERVICE_FITNESS_PUBLIC_URL
          : `mailto:${/[^<\s]+@[^>\s]+/.exec(e.SERVICE_FITNESS_EMAIL_FROM)?.[0] ?? "fitness@localhost"}`),
    ),
    reminders: Object.freeze({
      enabled: e.SERVICE_FITNESS_REMINDERS,
      pollSeconds: e.SERVICE_FITNESS_REMINDER_POLL_SECONDS,
    }),
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
    mapTileUrl:
      e.SERVICE_FITNESS_MAP_TILE_URL === "off" ? undefined : e.SERVICE_FITNESS_MAP_TILE_URL,
    mapTileAttribution:
      e.SERVICE_FITNESS_MAP_TILE_ATTRIBUTION ??
      (e.SERVICE_FITNESS_MAP_TILE_URL === OSM_TILE_URL ? OSM_ATTRIBUTION : "Map tiles"),
    trustedProxies: Object.freeze(e.SERVICE_FITNESS_TRUSTED_PROXIES ?? DEFAULT_TRUSTED_PROXIES),
    publicUrl: e.SERVICE_FITNESS_PUBLIC_URL,
    email: e.SERVICE_FITNESS_EMAIL_HOST
      ? Object.freeze({
          host: e.SERVICE_FITNESS_EMAIL_HOST,
          port: e.SERVICE_FITNESS_EMAIL_PORT ?? (e.SERVICE_FITNESS_EMAIL_TLS === "tls" ? 465 : 587),
          user: e.SERVICE_FITNESS_EMAIL_USER,
          password: e.SERVICE_FITNESS_EMAIL_PASSWORD,
          from: e.SERVICE_FITNESS_EMAIL_FROM,
          tls: e.SERVICE_FITNESS_EMAIL_TLS,
        })
      : undefined,
    oidc: envOidcProvider(e),
    foodProviders: Object.freeze({
      openFoodFactsDefault: e.SERVICE_FITNESS_OPEN_FOOD_FACTS_DEFAULT,
      openFoodFactsUrl: e.SERVICE_FITNESS_OPEN_FOOD_FACTS_URL,
      timeoutMs: e.SERVICE_FITNESS_FOOD_PROVIDER_TIMEOUT_MS,
    }),
    backups: Object.freeze({
      intervalHours: e.SERVICE_FITNESS_BACKUP_INTERVAL_HOURS,
      retention: e.SERVICE_FITNESS_BACKUP_RETENTION,
      dir: resolve(e.SERVICE_FITNESS_BACKUP_DIR ?? join(dataDir, "backups")),
    }),
    chatModelTimeoutMs: e.SERVICE_FITNESS_CHAT_MODEL_TIMEOUT_MS,
    metrics: e.SERVICE_FITNESS_METRICS,
    objectStore: objectStoreConfig(e),
    testFetchAllowHost: e.SERVICE_FITNESS_TEST_FETCH_ALLOW_HOST,
    syncProviders: syncProviderConfigs(e as unknown as Env),
    syncScheduler: Object.freeze({
      enabled: e.SERVICE_FITNESS_SYNC_SCHEDULER,
      pollSeconds: e.SERVICE_FITNESS_SYNC_POLL_SECONDS,
    }),
    generatedSecrets: Object.freeze(generatedSecrets),
  });
  // Set here, where every entry point (server, CLI, tests) reads its settings, so that no
  // code path can reach the uploads root before its bucket is known.
  useObjectStore(config.uploadsDir, config.objectStore);
  return config;
}

// A P-256 private key is 32 bytes, as every generated secret is: the public key is derived.
function pushConfig(privateKeyHex: string, subject: string): PushConfig {
  const ecdh = createECDH("prime256v1");
  try {
    ecdh.setPrivateKey(Buffer.from(privateKeyHex, "hex"));
  } catch {
    throw new ConfigError("SERVICE_FITNESS_VAPID_PRIVATE_KEY: is not a P-256 private key");
  }
  return Object.freeze({
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: Buffer.from(privateKeyHex, "hex").toString("base64url"),
    subject,
  });
}

function objectStoreConfig(e: z.infer<typeof envSchema>): ObjectStoreConfig | undefined {
  const bucket = e.SERVICE_FITNESS_S3_BUCKET;
  if (!bucket) return undefined;
  const accessKeyId = e.SERVICE_FITNESS_S3_ACCESS_KEY_ID;
  const secretAccessKey = e.SERVICE_FITNESS_S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new ConfigError(
      "SERVICE_FITNESS_S3_BUCKET: needs SERVICE_FITNESS_S3_ACCESS_KEY_ID and SERVICE_FITNESS_S3_SECRET_ACCESS_KEY",
    );
  }
  return Object.freeze({
    endpoint: e.SERVICE_FITNESS_S3_ENDPOINT,
    bucket,
    region: e.SERVICE_FITNESS_S3_REGION,
    accessKeyId,
    secretAccessKey,
    prefix: e.SERVICE_FITNESS_S3_PREFIX,
    virtualHostedStyle: e.SERVICE_FITNESS_S3_VIRTUAL_HOSTED_STYLE,
  });
}

function envOidcProvider(e: z.infer<typeof envSchema>): EnvOidcProvider | undefined {
  const issuerUrl = e.SERVICE_FITNESS_OIDC_ISSUER_URL;
  if (!issuerUrl) return undefined;
  const clientId = e.SERVICE_FITNESS_OIDC_CLIENT_ID;
  const clientSecret = e.SERVICE_FITNESS_OIDC_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    throw new ConfigError(
      "SERVICE_FITNESS_OIDC_ISSUER_URL: needs SERVICE_FITNESS_OIDC_CLIENT_ID and SERVICE_FITNESS_OIDC_CLIENT_SECRET",
    );
  }
  return Object.freeze({
    issuerUrl,
    clientId,
    clientSecret,
    scope: e.SERVICE_FITNESS_OIDC_SCOPE,
    autoRegister: e.SERVICE_FITNESS_OIDC_AUTO_REGISTER,
    trustEmail: e.SERVICE_FITNESS_OIDC_TRUST_EMAIL,
    displayName: e.SERVICE_FITNESS_OIDC_DISPLAY_NAME,
    tokenAuthMethod: e.SERVICE_FITNESS_OIDC_TOKEN_AUTH_METHOD,
    idTokenSignedResponseAlg: e.SERVICE_FITNESS_OIDC_ID_TOKEN_SIGNED_RESPONSE_ALG,
    userinfoSignedResponseAlg: e.SERVICE_FITNESS_OIDC_USERINFO_SIGNED_RESPONSE_ALG,
    timeoutMs: e.SERVICE_FITNESS_OIDC_TIMEOUT,
  });
}

function syncProviderConfigs(e: Env): Record<SyncProviderId, SyncProviderConfig> {
  const entries = SYNC_PROVIDERS.map((provider) => {
    const clientId = e[providerVariable(provider, "CLIENT_ID")];
    const clientSecret = e[providerVariable(provider, "CLIENT_SECRET")];
    if (OAUTH_SYNC_PROVIDERS.includes(provider) && !clientId !== !clientSecret) {
      const [set, missing] = clientId
        ? ["CLIENT_ID", "CLIENT_SECRET"]
        : ["CLIENT_SECRET", "CLIENT_ID"];
      throw new ConfigError(
        `${providerVariable(provider, set)}: needs ${providerVariable(provider, missing)}`,
      );
    }
    const baseUrl = e[providerVariable(provider, "BASE_URL")];
    return [provider, Object.freeze({ baseUrl, clientId, clientSecret })] as const;
  });
  return Object.freeze(Object.fromEntries(entries) as Record<SyncProviderId, SyncProviderConfig>);
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
  const value = randomBytes(32).toString("hex");
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(path, value + "\n", { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process created it first: use theirs so both agree.
    if ((error as NodeJS.ErrnoException).code === "EEXIST")
      return readFileSync(path, "utf8").trim();
    if (!isDiskFull(error)) throw error;
    // An empty file left behind would be read as the secret on the next start.
    rmSync(path, { force: true });
    throw secretDiskFull(dataDir, name, error as Error);
  }
  return value;
}

/** A first start that must generate a secret on a full disk: what happened and what to do. */
function secretDiskFull(dataDir: string, name: string, error: Error): Error {
  const free = freeBytes(dataDir);
  const mb = free === null ? "no" : (free / 1024 / 1024).toFixed(1);
  return new Error(
    `The generated secret ${name} cannot be written to ${join(dataDir, "secrets")}: the disk holding it is full (${mb} MB free). ` +
      `Nothing stored is lost. Free space on that disk (old backups, other files) or move the data directory to a larger disk, then start the server again; or set ${name}. ` +
      `(${error.message})`,
  );
}
