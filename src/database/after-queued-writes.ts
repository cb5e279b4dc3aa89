/**
 * Runs fn once the statements issued so far are on the socket, so that PostgreSQL works on
 * them while fn spends CPU here (for example formatting the next statement's big parameters).
 * postgres.js hands an issued statement to its connection one microtask later, and writes a
 * message under 1 kB in a setImmediate: the await lets the first happen, the setImmediate
 * queued after it the second. Were that to change, fn would run before the writes: slower,
 * never wrong, since the connection still sends statements in the order they were issued.
 */
export async function afterQueuedWrites<T>(fn: () => T): Promise<Awaited<T>> {
  await null;
  await new Promise((resolve) => setImmediate(resolve));
  return await fn();
}
