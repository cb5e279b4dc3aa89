/**
 * Where the daily summary's server CPU goes (issue 45), in process, after a long warm-up:
 * the whole request, its one statement run as the user, the JSON answer built from its row,
 * and for scale a trivial statement, one that answers 25 KB, one that keeps PostgreSQL busy
 * 1 ms (what waiting costs this process), and the identity read. Not part of `bun test`:
 *   SERVICE_FITNESS_TEST_DATABASE_URL=postgres://... bun tests/bench/summary-parts.ts
 */
import { createTestContext } from "../helpers/test-app.ts";
import { dayAnswerJson } from "../../src/summary/day-answer.ts";
import { dayRowOf, readDay } from "../../src/summary/day-statement.ts";
import type { Tx } from "../../src/db.ts";
import { DAY, seedDay } from "./day-reads.ts";

const COUNT = Number(process.env.BENCH_COUNT ?? 1000);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 300);

const ctx = await createTestContext();
const user = await ctx.createUser();
const session = { Authorization: `Bearer ${user.token}` };
await seedDay(async (path, body) => {
  const response = await ctx.request(path, {
    method: "POST",
    headers: { ...session, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
});

async function time(name: string, send: () => Promise<unknown> | unknown) {
  for (let i = 0; i < WARM_UP; i++) await send();
  Bun.gc(true);
  const cpu = process.cpuUsage();
  for (let i = 0; i < COUNT; i++) await send();
  const used = process.cpuUsage(cpu);
  const ms = (micros: number) => (micros / 1000 / COUNT).toFixed(3);
  console.log(
    `${name.padEnd(22)} cpu ${ms(used.user + used.system)} ms (user ${ms(used.user)}, system ${ms(used.system)})`,
  );
}

const asUser = (statement: (tx: Tx) => ReturnType<Tx["unsafe"]>) =>
  ctx.db.statementAsUser(user.id, (sql) => statement(sql as unknown as Tx));
const readTheDay = async () =>
  (await ctx.db.statementsAsUser(user.id, (sql) => readDay(sql as unknown as Tx, DAY)))[1];
const row = dayRowOf(await readTheDay());
const answerBytes = dayAnswerJson(DAY, row).reduce((sum, part) => sum + part.byteLength, 0);
console.log(`answer ${answerBytes} bytes`);
await time("request", async () =>
  (await ctx.request(`/api/daily-summary?date=${DAY}`, { headers: session })).arrayBuffer(),
);
await time("statement", readTheDay);
await time("answer from the row", () => dayAnswerJson(DAY, row));
await time("select 1", () => asUser((tx) => tx.unsafe("select 1")));
await time("25 KB of text", () => asUser((tx) => tx.unsafe("select repeat('x', 25000)")));
await time("1 ms in PostgreSQL", () => asUser((tx) => tx.unsafe("select pg_sleep(0.001)")));
await time("identity request", async () =>
  (await ctx.request("/api/identity/user", { headers: session })).arrayBuffer(),
);
await ctx.close();
