import { MAX_APPLE_HEALTH_BYTES } from "./app-imports/routes.ts";
import { clearUploadDirs } from "./app-imports/upload-tmp.ts";
import { createApp } from "./app.ts";
import { listenForCredentialChanges } from "./credentials/credential-cache.ts";
import { ensureDemoAccount } from "./auth/demo.ts";
import type { Config } from "./config.ts";
import { openDatabase } from "./db.ts";
import type { Logger } from "./logger.ts";
import { startBackupSchedule } from "./operations/backup-schedule.ts";
import { startSyncScheduler } from "./provider-sync/scheduler.ts";
import { startReminderScheduler } from "./reminders/scheduler.ts";
import { createRunningJobs } from "./lib/running-jobs.ts";

/** How long requests in progress get to finish after SIGTERM before their connections close. */
const SHUTDOWN_GRACE_MS = 10_000;
const BACKGROUND_WAIT_MS = 3_000;

/** Starts the HTTP server with a migrated database; resolves to a stop function. */
export async function startServer(config: Config, logger: Logger): Promise<() => Promise<void>> {
  for (const name of config.generatedSecrets) {
    logger.warn(
      `${name} is not set: using a generated value kept in ${config.dataDir}/secrets. Back it up with the data directory.`,
    );
  }
  const started = performance.now();
  const db = await openDatabase(config, {
    onInitialise: (dataDir) =>
      logger.info(
        "initialising the embedded database: the first start can take a minute on a busy machine",
        { dataDir },
      ),
  });
  const stopListening = await listenForCredentialChanges(db);
  if (config.demoMode) await ensureDemoAccount(db);
  const leftovers = await clearUploadDirs(config.dataDir);
  if (leftovers) logger.info("removed uploads left by an interrupted import", { leftovers });
  const jobs = createRunningJobs();
  const app = createApp({ config, db, logger, jobs });
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    fetch: app.fetch,
    // The body limit itself is enforced per route by the app (413 with a JSON error); the
    // largest any route takes is an Apple Health export.
    maxRequestBodySize: MAX_APPLE_HEALTH_BYTES,
  });
  const backups = startBackupSchedule({ config, db, logger });
  // Due reminders; any number of servers may share the database, each is sent once.
  const reminders = startReminderScheduler({ config, db, logger });
  // Background provider sync; any number of servers may share the database's job queue.
  const scheduler = config.syncScheduler.enabled
    ? await startSyncScheduler({ config, db, logger }, config.syncScheduler.pollSeconds)
    : null;
  logger.info("server listening", {
    url: `http://${config.host}:${server.port}`,
    database: db.embedded ? "embedded" : "external",
    startupMs: Math.round(performance.now() - started),
  });
  return async () => {
    // Graceful: no new connections; requests already in progress are answered (for up to
    // SHUTDOWN_GRACE_MS) before the database closes under them.
    const drained = server.stop();
    // Work a request waits on (an admin's backup) stops now, so the request gets its answer.
    const answered = jobs.interruptAnswered();
    const grace = setTimeout(() => void server.stop(true), SHUTDOWN_GRACE_MS);
    await drained;
    clearTimeout(grace);
    // Jobs still running get their rows closed as interrupted, a backup in progress is
    // abandoned (its run row says so). A statement that hangs (a database that stopped
    // answering) would hold them for ever: the database closes after BACKGROUND_WAIT_MS
    // whatever they are doing, and db.close() ends even a hung connection within seconds.
    const background = Promise.allSettled([
      answered,
      jobs.interruptAll(),
      backups.stop(),
      reminders.stop(),
      scheduler?.stop(),
    ]);
    await Promise.race([background, Bun.sleep(BACKGROUND_WAIT_MS)]);
    await stopListening();
    await db.close();
    await background;
  };
}
