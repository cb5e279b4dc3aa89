import { S3Client } from "bun";

export type ObjectStoreConfig = Readonly<{
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every key, so one bucket can hold several servers' uploads. */
  prefix: string;
  virtualHostedStyle: boolean;
}>;

export type ObjectStore = { client: S3Client; prefix: string };

/**
 * The S3-compatible bucket an uploads root lives in, when one is configured. Keyed by the
 * root so that the file functions keep their one signature whatever the backend, and so
 * that two configurations in one process (tests) never share a bucket by accident.
 */
const stores = new Map<string, ObjectStore>();

/** Uploads under `root` go to this bucket from now on (undefined: local files again). */
export function useObjectStore(root: string, settings: ObjectStoreConfig | undefined): void {
  if (!settings) {
    stores.delete(root);
    return;
  }
  const client = new S3Client({
    endpoint: settings.endpoint,
    bucket: settings.bucket,
    region: settings.region,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    virtualHostedStyle: settings.virtualHostedStyle,
  });
  stores.set(root, { client, prefix: settings.prefix.replace(/\/*$/, settings.prefix ? "/" : "") });
}

export function objectStoreFor(root: string): ObjectStore | undefined {
  return stores.get(root);
}

/**
 * The object's bytes, typed by its name's extension as a local file would be, or null when
 * absent. Read whole: an S3File given to a Response is not served by Bun, and uploads are
 * bounded by the 10 MB body limit.
 */
export async function openObject(store: ObjectStore, key: string): Promise<Blob | null> {
  const file = store.client.file(store.prefix + key);
  if (!(await file.exists())) return null;
  return new Blob([await file.arrayBuffer()], { type: Bun.file(key).type });
}

/**
 * Every object under the prefix (and `under` within it) with its size and time of writing,
 * keys relative to the prefix, sorted.
 */
export async function listObjects(
  store: ObjectStore,
  under = "",
): Promise<{ path: string; size: number; modifiedMs: number }[]> {
  const found: { path: string; size: number; modifiedMs: number }[] = [];
  const prefix = store.prefix + under;
  let startAfter: string | undefined;
  for (;;) {
    const page = await store.client.list({ prefix: prefix || undefined, startAfter });
    for (const item of page.contents ?? []) {
      found.push({
        path: item.key.slice(store.prefix.length),
        size: item.size ?? 0,
        modifiedMs: Date.parse(item.lastModified ?? "") || 0,
      });
    }
    if (!page.isTruncated || !page.contents?.length) break;
    startAfter = page.contents[page.contents.length - 1]!.key;
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
