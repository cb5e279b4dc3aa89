import type { Tx } from "../db.ts";

/** Removes our copies of workouts the service confirmed deleted; their children cascade. */
export async function deleteSyncedWorkouts(
  tx: Tx,
  userId: string,
  source: string,
  sourceIds: string[],
): Promise<number> {
  if (sourceIds.length === 0) return 0;
  const gone = await tx`
    delete from exercise_entries
     where user_id = ${userId} and source = ${source} and source_id = any(${sourceIds})
    returning id`;
  return gone.length;
}

/** Forgets the announced deletions that were checked (a newer announcement stays). */
export async function settlePendingDeletions(tx: Tx, connectionId: string, checked: string[]) {
  await tx`
    update provider_connections
       set pending_deletions = array(select unnest(pending_deletions) except select unnest(${checked}::text[]))
     where id = ${connectionId}`;
}
