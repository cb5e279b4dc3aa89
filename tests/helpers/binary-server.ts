import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { API_KEY_PERMISSIONS } from "../../src/credentials/api-keys.ts";
import { emptyDir, run } from "./processes.ts";
import { createServerTestDatabase, usesExternalDatabase } from "./test-database.ts";
import { freePort } from "./free-port.ts";

const ROOT = join(import.meta.dir, "..", "..");
let built: Promise<string> | undefined;

/** A variable of the Makefile's build rule, split into words. */
function makeVariable(name: string): string[] {
  const line = readFileSync(join(ROOT, "Makefile"), "utf8").match(
    new RegExp(`^${name} := (.*)$`, "m"),
  );
  if (!line) throw new Error(`The Makefile has no ${name}.`);
  return line[1]!.trim().split(/\s+/);
}

/**
 * The compiled executable, built as `make build` does (its flags and entry points read from
 * the Makefile), once per test process: every file that needs it shares it.
 */
export function buildBinary(): Promise<string> {
  built ??= (async () => {
    const out = join(emptyDir("fitness-build-"), "fitness");
    const build = await run(
      [
        process.execPath,
        "build",
        ...makeVariable("BUILD_FLAGS"),
        ...makeVariable("BUILD_ENTRYPOINTS").map((path) => join(ROOT, path)),
        "--outfile",
        out,
      ],
      {},
      ROOT,
    );
    if (build.code !== 0) throw new Error(`build failed: ${build.stderr}`);
    return out;
  })();
  return built;
}

export type BinaryServer = {
  url: string;
  stop(): Promise<void>;
};

/**
 * The compiled binary serving on a random loopback port, on a database of its own: a copy
 * of the migrated template on the external test server, or the embedded engine in a fresh
 * data directory. `env` may be a function of the port, for settings that name the server's
 * own address.
 */
export async function startBinaryServer(
  env: Record<string, string> | ((port: number) => Record<string, string>) = {},
): Promise<BinaryServer> {
  const binary = await buildBinary();
  const dataDir = emptyDir("fitness-binary-data-");
  const database = usesExternalDatabase ? await createServerTestDatabase() : undefined;
  const port = await freePort();
  // A function gets the port, for settings that name the server's own address.
  const extraEnv = typeof env === "function" ? env(port) : env;
  const proc = Bun.spawn([binary, "serve"], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? "",
      SERVICE_FITNESS_SERVER_PORT: String(port),
      SERVICE_FITNESS_SERVER_HOST: "127.0.0.1",
      SERVICE_FITNESS_DATA_DIR: dataDir,
      SERVICE_FITNESS_LOG_LEVEL: "error",
      // Like the in-process test apps: tests never reach the real Open Food Facts.
      SERVICE_FITNESS_OPEN_FOOD_FACTS_DEFAULT: "false",
      // Nor OpenStreetMap's tile servers; a test that draws tiles serves them itself.
      SERVICE_FITNESS_MAP_TILE_URL: "off",
      ...(database ? { SERVICE_FITNESS_DATABASE_URL: database.url } : {}),
      ...extraEnv,
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    proc.kill("SIGTERM");
    await proc.exited;
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await Bun.sleep(250);
  }
  throw new Error("server did not become healthy");
}

/** Signs up a new account over HTTP and returns its id, session token and a new API key. */
export async function signUpWithApiKey(url: string, permissions = [...API_KEY_PERMISSIONS]) {
  const email = `${crypto.randomUUID()}@example.test`;
  const password = "correct horse battery";
  const json = { "Content-Type": "application/json" };
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, password, name: "Binary User" }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const { token, user } = (await signUp.json()) as { token: string; user: { id: string } };
  const created = await fetch(`${url}/api/identity/user/generate-api-key`, {
    method: "POST",
    headers: { ...json, Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: "test key", permissions }),
  });
  if (created.status !== 201) throw new Error(`key creation failed: ${await created.text()}`);
  const { apiKey } = (await created.json()) as { apiKey: { key: string } };
  return { id: user.id, email, password, token, apiKey: apiKey.key };
}
