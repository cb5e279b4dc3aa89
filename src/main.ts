import { ConfigError, loadConfig } from "./config.ts";
import { apikey, APIKEY_USAGE } from "./cli/apikey.ts";
import { type CommandContext, UsageError } from "./cli/context.ts";
import { IMPORT_USAGE, importFiles } from "./cli/import.ts";
import { healthcheck, migrate, showConfig, version } from "./cli/misc.ts";
import { serve } from "./cli/serve.ts";
import { user, USER_USAGE } from "./cli/user.ts";
import { createLogger } from "./logger.ts";

const USAGE = `Usage:
fitness [serve]            run the server (default)
fitness migrate            apply pending database migrations
${USER_USAGE}
${APIKEY_USAGE}
${IMPORT_USAGE}
fitness config             print the effective configuration (secrets masked)
fitness version            print the version
fitness healthcheck        exit 0 when the server on the configured port is healthy`;

type Command = (ctx: CommandContext) => Promise<number>;
const COMMANDS: Record<string, Command> = {
  serve,
  migrate,
  user,
  apikey,
  import: importFiles,
  config: showConfig,
  version,
  healthcheck,
};

async function main(argv: string[]): Promise<number> {
  const [name = "serve", ...args] = argv;
  if (name === "help" || name === "--help" || name === "-h") {
    console.log(USAGE);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command: ${name}\n${USAGE}`);
    return 2;
  }
  try {
    const config = name === "version" ? null : loadConfig();
    const logger = createLogger(config?.logLevel ?? "info");
    return await command({ config: config!, logger, args });
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      return 2;
    }
    console.error(
      error instanceof ConfigError
        ? `Configuration error: ${error.message}`
        : `Error: ${(error as Error).message}`,
    );
    return 1;
  }
}

process.exit(await main(process.argv.slice(2)));
