import type { CommandContext } from "./context.ts";
import { startServer } from "../server.ts";
import { guardServerProcess } from "./process-guards.ts";

// After SIGTERM: requests get 10 s, background work and the database a few more. Past this,
// something hangs beyond reach (a file system, say), and the process exits anyway, as a
// supervisor would otherwise kill it.
const SHUTDOWN_DEADLINE_MS = 20_000;

export async function serve({ config, logger }: CommandContext): Promise<number> {
  guardServerProcess(logger);
  const stop = await startServer(config, logger);
  await new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      logger.info("shutting down", { signal });
      resolve();
    };
    process.once("SIGINT", () => shutdown("SIGINT"));
    process.once("SIGTERM", () => shutdown("SIGTERM"));
  });
  const deadline = Bun.sleep(SHUTDOWN_DEADLINE_MS).then(() => "late" as const);
  if ((await Promise.race([stop().then(() => "stopped" as const), deadline])) === "late") {
    logger.error("shutdown did not finish in time; exiting", { ms: SHUTDOWN_DEADLINE_MS });
    return 1;
  }
  return 0;
}
