import type { CommandContext } from "./context.ts";
import { startServer } from "../server.ts";

export async function serve({ config, logger }: CommandContext): Promise<number> {
  const stop = await startServer(config, logger);
  await new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      logger.info("shutting down", { signal });
      resolve();
    };
    process.once("SIGINT", () => shutdown("SIGINT"));
    process.once("SIGTERM", () => shutdown("SIGTERM"));
  });
  await stop();
  return 0;
}
