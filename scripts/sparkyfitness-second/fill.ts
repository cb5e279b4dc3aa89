/**
 * Fills a fresh SparkyFitness 1.6.2 server (run-old-server.sh) through its own API, the
 * way its web client and phone app do, with the people and data of the second fixture
 * (tests/fixtures/sparkyfitness-second/README.md). Needs the Garmin stand-in running.
 *
 *   bun scripts/sparkyfitness-second/fill.ts            every step
 *   bun scripts/sparkyfitness-second/fill.ts food cycle only those steps (after "accounts")
 */
import { Secret, TOTP } from "otpauth";
import { ApiError, imageForm, png, Session } from "./client.ts";
import { PEOPLE, type PersonKey } from "./people.ts";
import { STEPS } from "./steps.ts";

export type Person = { key: PersonKey; s: Session; id: string; totp?: string };
export type World = Record<PersonKey, Person>;

const TOTP_FILE = "/tmp/sparky/totp-secret.txt";

async function signUpOrIn(key: PersonKey): Promise<Person> {
  const p = PEOPLE[key];
  const s = new Session(key);
  try {
    await s.post("/api/auth/sign-up/email", { email: p.email, password: p.password, name: p.name });
  } catch (e) {
    if (!(e instanceof ApiError) || !/already|exists/i.test(e.message)) throw e;
    const res = await s.post("/api/auth/sign-in/email", { email: p.email, password: p.password });
    if (res?.twoFactorRedirect) {
      const secret = await Bun.file(TOTP_FILE).text();
      const code = new TOTP({ secret: Secret.fromBase32(secret.trim()) }).generate();
      await s.post("/api/auth/two-factor/verify-totp", { code });
    }
  }
  const session = await s.get("/api/auth/get-session");
  return { key, s, id: session.user.id };
}

export async function accounts(): Promise<World> {
  const world = {} as World;
  for (const key of Object.keys(PEOPLE) as PersonKey[]) {
    try {
      world[key] = await signUpOrIn(key);
    } catch (e) {
      // Only the disabled account is refused; its steps ran before it was disabled.
      if (!(e instanceof ApiError) || !e.message.includes("BANNED_USER")) throw e;
    }
  }
  return world;
}

export { imageForm, png };

const only = process.argv.slice(2);
const world = await accounts();
for (const [name, step] of Object.entries(STEPS)) {
  if (only.length > 0 && !only.includes(name)) continue;
  const started = Date.now();
  try {
    await step(world);
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    console.log(`FAIL ${name}: ${e instanceof Error ? e.message : e}`);
    if (!(e instanceof ApiError)) console.log(e);
  }
}
