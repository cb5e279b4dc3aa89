import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { HttpError } from "../errors.ts";
import type { AppDeps } from "../http/context.ts";
import { isDiskFull } from "../lib/disk-full.ts";
import { backupFileName, createBackup } from "./backup.ts";
import { pruneStoredBackups } from "./backup-files.ts";

// Any constant works; every process sharing the database must use the same one.
const BACKUP_LOCK_KEY = 7_301_016;
const CHECK_EVERY_MS = 60_000;
// A run renews its lease this often; one whose lease ran out (10 renewals missed) is abandoned.
const RENEW_EVERY_MS = 60_000;
const LEASE_SECONDS = 600;
const ABANDONED = "Abandoned: the process writing it stopped before it finished.";

/** Why a backup was abandoned: the server is stopping (an admin's request gets a 503). */
export const serverStopping = () =>
  new HttpError(503, "The server stopped before the backup was finished.");

/**
 * Writes a backup into the backup folder now, pruning old ones after. With `ifDueHours`,
 * only when no run (by any process on this database) started within that many hours, not
 * counting runs abandoned by a process that died (closed here once their lease ran out).
 * Returns the new file's name, or null when it was not due.
 */
export async function runBackupNow(
  { db, config }: Pick<AppDeps, "db" | "config">,
  ifDueHours?: number,
  signal?: AbortSignal,
): Promise<string | null> {
  const name = backupFileName(new Date());
  const run = await db.owner.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${BACKUP_LOCK_KEY})`;
    await tx`
      update backup_runs set finished_at = now(), error = ${ABANDONED}
       where finished_at is null and lease_until < now()`;
    if (ifDueHours !== undefined) {
      const [recent] = await tx`
        select 1 from backup_runs
         where started_at > now() - make_interval(hours => ${ifDueHours})
           and error is distinct from ${ABANDONED}`;
      if (recent) return null;
    }
    const [row] = await tx<{ id: string }[]>`
      insert into backup_runs (file_name, lease_until)
      values (${name}, now() + make_interval(secs => ${LEASE_SECONDS})) returning id::text`;
    return row!;
  });
  if (!run) return null;
  const { dir, retention } = config.backups;
  const renewal = setInterval(() => {
    db.owner`
      update backup_runs set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
       where id = ${run.id}::bigint and finished_at is null`.catch(() => {});
  }, RENEW_EVERY_MS);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const source = { owner: db.owner, embedded: db.embedded, uploadsDir: config.uploadsDir };
    await createBackup(source, join(dir, name), () => {}, signal);
    await db.owner`update backup_runs set finished_at = now() where id = ${run.id}::bigint`;
  } catch (error) {
    // The backup's own failure is the one to report, even when the database is gone too.
    const message = (error as Error).message;
    await db.owner`
      update backup_runs set finished_at = now(),
             error = ${isDiskFull(error) ? `The disk is full (${message}).` : message}
      where id = ${run.id}::bigint`.catch(() => {});
    throw error;
  } finally {
    clearInterval(renewal);
  }
  await pruneStoredBackups(dir, retention);
  return name;
}

/** Checks every minute whether a scheduled backup is due; stop() abandons a running one. */
export function startBackupSchedule(deps: Pick<AppDeps, "config" | "db" | "logger">): {
  stop(): Promise<void>;
} {
  const hours = deps.config.backups.intervalHours;
  if (hours === 0) return { stop: async () => {} };
  let running: Promise<unknown> | null = null;
  const stopping = new AbortController();
  const tick = () => {
    if (running) return; // a long backup is still being written
    running = runBackupNow(deps, hours, stopping.signal)
      .then(
        (name) => name && deps.logger.info("scheduled backup written", { name }),
        (error) => deps.logger.error("scheduled backup failed", { error: String(error) }),
      )
      .finally(() => (running = null));
  };
  tick();
  const timer = setInterval(tick, CHECK_EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort(serverStopping());
      await running;
    },
  };
}
