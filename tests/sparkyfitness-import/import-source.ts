import postgres from "postgres";
import { createLogger } from "../../src/logger.ts";
import { importSparkyFitness } from "../../src/sparkyfitness-import/index.ts";
import { createTestContext, type TestContext } from "../helpers/test-app.ts";
import type { RealSource } from "./real-fixture.ts";

/** A test server, a restored source and one connection to that source, closed together. */
export type ImportSetup = {
  t: TestContext;
  source: RealSource;
  src: postgres.Sql;
  close(): Promise<void>;
};

/** Starts a test server and restores a source beside it (`restore`: one of real-fixture.ts). */
export async function openImportSetup(
  restore: () => Promise<RealSource>,
  types: postgres.Options<Record<string, postgres.PostgresType>>["types"] = {},
): Promise<ImportSetup> {
  const [t, source] = await Promise.all([createTestContext(), restore()]);
  const src = postgres(source.url, { max: 1, onnotice: () => {}, types });
  return {
    t,
    source,
    src,
    async close() {
      await src.end();
      await source.close();
      await t.close();
    },
  };
}

/**
 * That server's secrets the import may be given (each null when a test does without it: the
 * sealed keys, or the two-factor secrets), and what else a test changes of a whole run.
 */
export type SourceOptions = {
  sourceSecret: string | null;
  sourceAuthSecret: string | null;
  sourceUrl?: string;
  dryRun?: boolean;
};

/** Imports a restored SparkyFitness database into the test server, as the admin route would. */
export function importSource(t: TestContext, source: RealSource, options: SourceOptions) {
  return importSparkyFitness(
    {
      db: t.db,
      logger: createLogger("silent"),
      uploadsRoot: t.config.uploadsDir,
      encryptionKey: t.config.apiEncryptionKey,
      authSecret: t.config.authSecret,
    },
    {
      sourceUrl: options.sourceUrl ?? source.url,
      sourceUploads: source.uploads,
      only: null,
      dryRun: options.dryRun ?? false,
      sourceSecret: options.sourceSecret,
      sourceAuthSecret: options.sourceAuthSecret,
    },
    () => {},
  );
}
