import type { Config } from "../config.ts";
import { type Database, openDatabase } from "../db.ts";
import type { Logger } from "../logger.ts";
import { parseArgs as parse } from "node:util";

export type CommandContext = { config: Config; logger: Logger; args: string[] };

/** A usage mistake: printed to stderr, exit code 2. */
export class UsageError extends Error {}

type OptionSpec = Record<string, { type: "string" | "boolean" }>;

/** Parses `--name value` options strictly; unknown or missing options are usage errors. */
export function parseOptions<T extends OptionSpec>(
  args: string[],
  options: T,
  required: (keyof T)[] = [],
) {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parse({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  for (const name of required) {
    if (typeof values[name as string] !== "string" || values[name as string] === "") {
      throw new UsageError(`--${String(name)} is required`);
    }
  }
  return values as {
    [K in keyof T]: T[K]["type"] extends "string" ? string | undefined : boolean | undefined;
  };
}

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value) + "\n");
}

/** Opens the database (migrated) for one command and always closes it. */
export async function withDatabase<T>(
  config: Config,
  fn: (db: Database) => Promise<T>,
): Promise<T> {
  const db = await openDatabase(config, { maxConnections: 1 });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
