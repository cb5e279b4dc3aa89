import type { ApiKeyPermission } from "../../src/credentials/api-keys.ts";
import type { FamilyPermission } from "../../src/http/permissions.ts";

/**
 * One row of the family-sharing permission matrix. Each domain keeps its rows in
 * `tests/permission-matrix/routes/<domain>.ts` exporting `routes: MatrixRoute[]`; the
 * matrix test loads every file in that folder, so adding a domain adds a file and
 * adding a route adds one entry.
 *
 * The runner sends the request as each caller (the owner; a delegate with the route's
 * permission; one with only can_view_reports; one with an unrelated permission; one with
 * an expired grant; one with an inactive grant; one with no grant; an API key with
 * X-Acting-For; and the owner's own API keys, one per key permission) against data the
 * owner seeded, and expects `okStatus` where the spec's permission table (or the key's
 * permission) allows the call, 403 where it does not, and no seeded id of the owner in the
 * body of a refused call.
 */
export type MatrixRoute = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The path, or a function of the ids that `seed` returned. */
  path: string | ((seeded: Seeded) => string);
  /** The permission word the route declares through requirePermission(). */
  permission: FamilyPermission;
  /** Whether the route changes data (requirePermission's `write`). */
  write: boolean;
  /** A JSON body, or a function of the seeded ids. */
  body?: unknown | ((seeded: Seeded) => unknown);
  /** A multipart body instead of JSON (uploads). */
  form?: (seeded: Seeded) => FormData;
  /**
   * Creates the owner's data the route reads or changes, through the owner's own HTTP
   * requests; runs afresh for every caller so deletes do not interfere. Returns ids used
   * by `path` and `body`, and checked against refused bodies.
   */
  seed?: (owner: MatrixOwner) => Promise<Seeded>;
  /** The status a permitted caller gets (default 200). */
  okStatus?: number;
  /**
   * For routes that are never shared and always work on the signed-in caller's own data,
   * whatever the context (API keys, who-shared-with-me): every session caller, switched or
   * not, gets `otherStatus` (default okStatus) and never the owner's seeded ids; an API key
   * with X-Acting-For still gets 403. `permission` is then ignored.
   */
  callerOnly?: { otherStatus?: number };
  /**
   * The API-key permissions that open the route (any one of them), when not the data
   * rule: `data_write` for a route that changes data, `data_read` for one that reads.
   * An empty list: keys are refused (account management).
   */
  keyPermissions?: readonly ApiKeyPermission[];
};

export type Seeded = Record<string, string>;

/** The owner, as seen by a row's seed function. */
export type MatrixOwner = {
  id: string;
  token: string;
  /**
   * A request authenticated as the owner (Bearer session token). A FormData body goes as
   * multipart, anything else as JSON.
   */
  request(method: string, path: string, body?: unknown): Promise<Response>;
};
