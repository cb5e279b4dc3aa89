import type { Database, Tx } from "../../db.ts";
import type { Logger } from "../../logger.ts";
import { hasTable, type Source } from "../source/source.ts";
import type { ImportSummary, TableCounts } from "./summary.ts";

/** What the import needs of this server. */
export type ImportDeps = Pick<
  ImportContext,
  "db" | "logger" | "uploadsRoot" | "encryptionKey" | "authSecret"
>;

/** What the whole import shares. */
export type ImportContext = {
  src: Source;
  db: Database;
  logger: Logger;
  summary: ImportSummary;
  /** This server's uploads root. */
  uploadsRoot: string;
  /** The other server's uploads directory; files are skipped without it. */
  sourceUploads: string | null;
  dryRun: boolean;
  /** The other server's SPARKY_FITNESS_API_ENCRYPTION_KEY (hex), when given. */
  sourceSecret: string | null;
  /** The other server's BETTER_AUTH_SECRET, when given. */
  sourceAuthSecret: string | null;
  /** This server's key, which re-seals carried-over credentials. */
  encryptionKey: string;
  /** This server's BETTER_AUTH_SECRET, which seals two-factor secrets and backup codes. */
  authSecret: string;
};

/** One user's import: everything runs in this user's one transaction, as the app role. */
export type UserImport = ImportContext & {
  tx: Tx;
  userId: string;
  email: string;
  /** Whether this run created the account (its profile is then written whole). */
  newAccount: boolean;
  /** The profile's time zone, for source rows that carry only a day and a wall-clock time. */
  zone: string;
  /** The other server's meal type ids, mapped to this server's (filled by the meal-type step). */
  mealTypes: Map<string, string>;
  /** Files written for this user; removed again when the user's transaction fails. */
  writtenFiles: string[];
  /** Files of rows this user's import deleted; removed once the transaction commits. */
  removedFiles: string[];
};

/** Imports one table's rows for a user; returns how many it wrote and skipped. */
export type TableImporter = {
  /** The other server's table, as the progress line names it. */
  table: string;
  run(u: UserImport): Promise<TableCounts>;
};

/** The source rows of a table of one user, or none when that release lacks the table. */
export async function userRows<T>(
  u: UserImport,
  rows: () => Promise<T[]>,
  table: string,
): Promise<T[]> {
  return (await hasTable(u.src, table)) ? rows() : [];
}

/** Thrown at the end of a dry run's transaction so that nothing it wrote is kept. */
export class DryRunRollback extends Error {}

/** A row of the other server's tables, read by column name. */
export type SourceRow = { id: string } & Record<string, any>;
