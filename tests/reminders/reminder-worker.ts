// One server process's reminder round, for the two-processes test: it connects to the
// database the environment names and prints how many reminders it sent.
import { loadConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/db.ts";
import { createLogger } from "../../src/logger.ts";
import { runDueReminders } from "../../src/reminders/scheduler.ts";

const config = loadConfig();
const db = await openDatabase(config, { migrate: false });
try {
  const sent = await runDueReminders({ config, db, logger: createLogger("silent") });
  console.log(JSON.stringify({ sent }));
} finally {
  await db.close();
}
