import type postgres from "postgres";
import { DatabaseUnavailableError } from "../errors.ts";

/**
 * Reserves a pool connection, failing fast while the database refuses connections (a
 * restart, a failover). After a reservation failed, one reservation at a time tries again
 * and every other fails at once with a 503, instead of each waiting in postgres.js's queue
 * through its reconnect back-off; the first that succeeds opens the way for all.
 */
export function createReserver(owner: postgres.Sql): () => Promise<postgres.ReservedSql> {
  let down = false;
  let probing = false;
  return async () => {
    if (down && probing) throw new DatabaseUnavailableError();
    const probe = down;
    if (probe) probing = true;
    try {
      const connection = await owner.reserve();
      down = false;
      return connection;
    } catch (error) {
      down = true;
      throw new DatabaseUnavailableError(error);
    } finally {
      if (probe) probing = false;
    }
  };
}
