import { ConfigError, loadConfig } from "./config.ts";
import { apikey, APIKEY_USAGE } from "./cli/apikey.ts";
import { backup, BACKUP_USAGE } from "./cli/backup.ts";
import { restore, RESTORE_USAGE } from "./cli/restore.ts";
import { type CommandContext, UsageError } from "./cli/context.ts";
import { importSparkyfitness, IMPORT_SPARKYFITNESS_USAGE } from "./cli/import-sparkyfitness.ts";
import { IMPORT_USAGE, importFiles } from "./cli/import.ts";
import { APP_IMPORTS, type AppImport, importApp, IMPORT_APPS_USAGE } from "./cli/import-apps.ts";
import { EXPORT_USAGE, exportUser, IMPORT_EXPORT_USAGE, importExport } from "./cli/export.ts";
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
${IMPORT_SPARKYFITNESS_USAGE}
${IMPORT_APPS_USAGE}
${IMPORT_EXPORT_USAGE}     import a personal export zip into E's account
${EXPORT_USAGE}     write E's data as a zip (JSON, CSV, photos)
${BACKUP_USAGE}     write a backup archive (database and uploads)
${RESTORE_USAGE}     restore a backup into an empty database
fitness config             print the effective configuration (secrets masked)
fitness version            print the version
fitness healthcheck        exit 0 when the server on the configured port is healthy`;

type Command = (ctx: CommandContext) => Promise<number>;
const COMMANDS: Record<string, Command> = {
  serve,
  migrate,
  user,
  apikey,
  backup,
  restore,
  export: exportUser,
  config: showConfig,
  version,
  healthcheck,
  import: (ctx) => {
    const [kind, ...rest] = ctx.args;
    if (kind === "sparkyfitness") return importSparkyfitness({ ...ctx, args: rest });
    if (APP_IMPORTS.includes(kind as AppImport))
      return importApp(kind as AppImport, { ...ctx, args: rest });
    if (kind === "export") return importExport({ ...ctx, args: rest });
    return importFiles(ctx);
  },
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
