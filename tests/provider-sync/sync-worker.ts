// A second server process for the job-claiming test: it opens the database named in
// SERVICE_FITNESS_DATABASE_URL and runs every due sync job, as a server's scheduler does,
// then prints how many it ran.
import { loadConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/db.ts";
import { createLogger } from "../../src/logger.ts";
import { runDueSyncJobs } from "../../src/provider-sync/scheduler.ts";

const config = loadConfig();
const db = await openDatabase(config, { migrate: false });
const ran = await runDueSyncJobs(
  { config, db, logger: createLogger("silent") },
  `process-${process.pid}`,
);
await db.close();
console.log(JSON.stringify({ ran }));
