import type { Config } from "../config.ts";
import type { Database } from "../db.ts";
import { ingestHealthRecords } from "../health-data/ingest-records.ts";
import type { Logger } from "../logger.ts";
import { findConnectionById, updateConnection, type ConnectionRow } from "./connection-queries.ts";
import { openSession, type ConnectionSession } from "./connection-session.ts";
import { deleteSyncedWorkouts, settlePendingDeletions } from "./deletions.ts";
import { deleteJob, findJob, releaseJob, type ClaimedJob, type JobRow } from "./job-queries.ts";
import type { SyncBatch, SyncWindow } from "./provider-types.ts";
import { ProviderAuthError, ProviderRateLimitError } from "./provider-errors.ts";
import { nextRunAt, retryDelaySeconds } from "./sync-timing.ts";

export type SyncDeps = { config: Config; db: Database; logger: Logger };
export type SyncOutcome = { processed: number; errors: number } | { failed: string };

const FIRST_SYNC_DAYS = 30;
// Each sync starts this far before the last one ended, so late uploads and edits made on
// the service are picked up; the idempotent writes make the overlap free of duplicates.
const OVERLAP_MS = 3 * 86_400_000;
const INGEST_CHUNK = 500;

/**
 * Runs one claimed job: refreshes the tokens if they are about to expire, fetches the
 * window's records, writes them through the same idempotent path as /api/health-data as
 * the owner (the records are the owner's, fetched with the owner's grant), then moves the
 * cursor and sets the next run. 429 waits for Retry-After; other failures back off.
 */
export async function runSyncJob(deps: SyncDeps, claimed: ClaimedJob): Promise<SyncOutcome> {
  const { db } = deps;
  const userId = claimed.user_id;
  const [connection, job] = await db.withUser(userId, (tx) =>
    Promise.all([findConnectionById(tx, claimed.connection_id), findJob(tx, claimed.job_id)]),
  );
  if (!connection || !job) return { failed: "The connection no longer exists." };
  if (connection.status !== "connected") {
    await db.withUser(userId, (tx) => deleteJob(tx, connection.id));
    return { failed: "The connection is not connected." };
  }
  const window = syncWindow(connection, job);
  try {
    const session = openSession(deps, connection);
    const batch = await fetchWithRefresh(session, window);
    const outcome = await writeRecords(deps, userId, batch);
    await batch.confirm?.();
    await applyDeletions(deps, connection, session);
    await recordSuccess(deps, connection, job, window, batch, session);
    return outcome;
  } catch (error) {
    return recordFailure(deps, connection, job, error as Error);
  }
}

function syncWindow(connection: ConnectionRow, job: JobRow): SyncWindow {
  const now = new Date();
  const syncedUntil = connection.sync_cursor.synced_until;
  const start = job.range_start
    ? new Date(`${job.range_start}T00:00:00Z`)
    : typeof syncedUntil === "string"
      ? new Date(Date.parse(syncedUntil) - OVERLAP_MS)
      : new Date(now.getTime() - FIRST_SYNC_DAYS * 86_400_000);
  const rangeEnd = job.range_end ? new Date(`${job.range_end}T00:00:00Z`) : null;
  const end = rangeEnd ? new Date(Math.min(rangeEnd.getTime() + 86_400_000, now.getTime())) : now;
  const { synced_until: _, ...cursor } = connection.sync_cursor;
  return {
    start,
    end,
    cursor: job.range_start ? {} : cursor,
    externalUserId: connection.external_user_id,
  };
}

// An access token refused mid-sync (revoked, or expired early) gets one refresh and retry.
async function fetchWithRefresh(
  session: ConnectionSession,
  window: SyncWindow,
): Promise<SyncBatch> {
  await session.refreshIfExpiring();
  try {
    return await session.client.fetchRecords(session.http, window);
  } catch (error) {
    if (!(error instanceof ProviderAuthError)) throw error;
    await session.refresh();
    return session.client.fetchRecords(session.http, window);
  }
}

async function writeRecords(deps: SyncDeps, userId: string, batch: SyncBatch) {
  let processed = 0;
  let errors = 0;
  for (let i = 0; i < batch.records.length; i += INGEST_CHUNK) {
    const result = await ingestHealthRecords(deps, {
      userId,
      actorId: userId,
      modelVersion: 3,
      records: batch.records.slice(i, i + INGEST_CHUNK),
    });
    processed += result.processed.length;
    errors += result.errors.length;
    for (const e of result.errors)
      deps.logger.warn("provider record not saved", { error: e.error });
  }
  return { processed, errors };
}

/** Checks the deletions the service announced and removes the confirmed ones. */
async function applyDeletions(
  deps: SyncDeps,
  connection: ConnectionRow,
  session: ConnectionSession,
) {
  const announced = connection.pending_deletions;
  if (announced.length === 0 || !session.client.confirmDeleted) return;
  const gone = await session.client.confirmDeleted(session.http, announced);
  await deps.db.withUser(connection.user_id, async (tx) => {
    await deleteSyncedWorkouts(tx, connection.user_id, connection.provider, gone);
    await settlePendingDeletions(tx, connection.id, announced);
  });
}

async function recordSuccess(
  deps: SyncDeps,
  connection: ConnectionRow,
  job: JobRow,
  window: SyncWindow,
  batch: SyncBatch,
  session: ConnectionSession,
) {
  const reached = batch.resumeFrom ?? window.end;
  const previous = connection.sync_cursor.synced_until;
  // A range asked for by hand never moves the regular cursor backwards.
  const syncedUntil =
    job.range_start && typeof previous === "string" ? previous : reached.toISOString();
  const resume = batch.resumeFrom;
  const pacing = (session.client.pacingSeconds ?? 60) * 1000;
  await deps.db.withUser(connection.user_id, async (tx) => {
    await updateConnection(tx, connection.id, {
      sync_cursor: { ...batch.cursor, synced_until: syncedUntil },
      last_sync_at: new Date(),
      last_error: null,
    });
    const next = resume ? new Date(Date.now() + pacing) : nextRunAt(connection.sync_frequency);
    if (!next) return deleteJob(tx, connection.id);
    await releaseJob(tx, job.id, {
      runAt: next,
      failures: 0,
      rangeStart: resume && job.range_start ? resume.toISOString().slice(0, 10) : null,
      rangeEnd: resume ? job.range_end : null,
    });
  });
}

async function recordFailure(
  deps: SyncDeps,
  connection: ConnectionRow,
  job: JobRow,
  error: Error,
): Promise<SyncOutcome> {
  const message = error.message;
  deps.logger.warn("provider sync failed", { provider: connection.provider, error: message });
  await deps.db.withUser(connection.user_id, async (tx) => {
    if (error instanceof ProviderAuthError) {
      // Needs the user to connect again: no point retrying on a schedule.
      await updateConnection(tx, connection.id, { status: "error", last_error: message });
      return deleteJob(tx, connection.id);
    }
    await updateConnection(tx, connection.id, { last_error: message });
    const rateLimited = error instanceof ProviderRateLimitError;
    const failures = rateLimited ? job.failures : job.failures + 1;
    const delay = rateLimited ? error.retryAfterSeconds : retryDelaySeconds(failures);
    await releaseJob(tx, job.id, {
      runAt: new Date(Date.now() + delay * 1000),
      failures,
      rangeStart: job.range_start,
      rangeEnd: job.range_end,
    });
  });
  return { failed: message };
}
