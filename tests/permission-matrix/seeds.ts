import type { MatrixOwner, Seeded } from "./types.ts";

/** Seeding helpers the domain files share: each goes through the owner's own HTTP requests. */

/** The owner's request, failing the test setup loudly when it does not succeed. */
export async function ownerJson<T = any>(
  owner: MatrixOwner,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await owner.request(method, path, body);
  if (res.status >= 300)
    throw new Error(`seed ${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? (undefined as T) : ((await res.json()) as T);
}

/** Syncs records as the owner (session token as Bearer, as the phone app does). */
export async function ingestAsOwner(owner: MatrixOwner, records: unknown[]) {
  const result = await ownerJson<{ processed: { data: { id?: string } }[]; errors: unknown[] }>(
    owner,
    "POST",
    "/api/health-data",
    records,
  );
  if (result.errors.length) throw new Error(`seed sync errors: ${JSON.stringify(result.errors)}`);
  return result.processed;
}

/** Ids only: the runner looks for each value in refused bodies. */
export function ids(values: Record<string, string | undefined>): Seeded {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as Seeded;
}
