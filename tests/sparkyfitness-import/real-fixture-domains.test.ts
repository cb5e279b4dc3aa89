import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import postgres from "postgres";
import { createSession } from "../../src/auth/sessions.ts";
import { createLogger } from "../../src/logger.ts";
import { importSparkyFitness } from "../../src/sparkyfitness-import/index.ts";
import type { ImportSummary } from "../../src/sparkyfitness-import/summary.ts";
import { bearer, createTestContext, type TestContext } from "../helpers/test-app.ts";
import { realFixtureAvailable, restoreRealFixture, type RealSource } from "./real-fixture.ts";
import { sourceDomains, type Person } from "./real-fixture-domain-checks.ts";

// The real SparkyFitness 1.6.2 database, imported once: each domain of the fixture's README
// is read from the source rows and from this server's API, value by value, for each person.

let t: TestContext;
let source: RealSource;
let src: postgres.Sql;
let first: ImportSummary;
const people: Person[] = [];

const runImport = () =>
  importSparkyFitness(
    {
      db: t.db,
      logger: createLogger("silent"),
      uploadsRoot: t.config.uploadsDir,
      encryptionKey: t.config.apiEncryptionKey,
    },
    {
      sourceSecret: null,
      sourceUrl: source.url,
      sourceUploads: source.uploads,
      only: null,
      dryRun: false,
    },
    () => {},
  );

describe.skipIf(!realFixtureAvailable)(
  "the real SparkyFitness 1.6.2 data, domain by domain",
  () => {
    beforeAll(async () => {
      t = await createTestContext();
      source = await restoreRealFixture();
      src = postgres(source.url, { max: 1, onnotice: () => {}, types: { date: dateAsText } });
      first = await runImport();
      const users = await src<{ id: string; email: string }[]>`
      select id, email from public."user" order by email`;
      for (const u of users) {
        const { token } = await createSession(t.db, u.id);
        people.push({
          id: u.id,
          email: u.email,
          get: async (path: string) => {
            const res = await t.request(path, { headers: bearer(token) });
            expect([path, res.status]).toEqual([path, 200]);
            return res.json();
          },
        });
      }
    }, 180_000);

    afterAll(async () => {
      await src?.end();
      await source?.close();
      await t?.close();
    });

    test("nothing the source holds in these domains is refused", () => {
      for (const domain of sourceDomains)
        for (const table of domain.tables) {
          const counts = first.tables.get(table);
          expect([table, counts && counts.read > 0]).toEqual([table, true]);
          expect([table, counts!.written]).toEqual([table, counts!.read]);
        }
    });

    for (const domain of sourceDomains)
      test(`${domain.name}: the API answers the source's values`, async () => {
        let compared = 0;
        for (const person of people) compared += await domain.check(src, person);
        // Every person's rows were compared, not an empty list.
        expect(compared).toBeGreaterThan(0);
      });

    test("a second run writes nothing in these domains", async () => {
      const again = await runImport();
      for (const domain of sourceDomains)
        for (const table of domain.tables)
          expect([table, again.tables.get(table)?.written]).toEqual([table, 0]);
    });
  },
);

const dateAsText = {
  to: 1082,
  from: [1082],
  serialize: (v: string) => v,
  parse: (v: string) => v,
};
