const MB = 1024 * 1024;

/** How much memory outside the JavaScript heap may grow between two full collections. */
const EXTERNAL_GROWTH_BUDGET = 8 * MB;
/**
 * No forced collection below this resident size: one client syncing workouts after another
 * stays around 150 MB with the engine's own collections, and each forced one (20-40 ms)
 * was the slowest answer such a client saw.
 */
const RESIDENT_FLOOR = 160 * MB;
let externalAfterCollection = 0;
let collectionQueued = false;

/**
 * Call after a request that allocated big strings and buffers (a workout's channel arrays
 * and the statements that carry them, a few hundred kilobytes each time). The engine frees
 * them only in a full collection, which it times by the machine's RAM, not by this server's:
 * eight clients syncing workouts took the process past 300 MB. A full collection once they
 * have grown by the budget, once the process is past the floor, keeps the bench's peak under
 * 200 MB; it runs after the answer is sent, not in the request, but a request arriving
 * meanwhile waits for it.
 */
export function collectAfterLargeRequest(): void {
  if (collectionQueued || process.memoryUsage.rss() < RESIDENT_FLOOR) return;
  if (process.memoryUsage().external - externalAfterCollection < EXTERNAL_GROWTH_BUDGET) return;
  collectionQueued = true;
  setTimeout(() => {
    Bun.gc(true);
    externalAfterCollection = process.memoryUsage().external;
    collectionQueued = false;
  }, 0);
}
