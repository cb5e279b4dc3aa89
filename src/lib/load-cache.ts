/**
 * Values loaded once per key and shared for `ttlMs`: callers asking while a load is under
 * way share it, a failed load is forgotten at once (the next caller tries again), and past
 * `maxEntries` the least recently used key goes. In memory only: a restart costs one load.
 */
export type LoadCache<T> = { get(key: string, load: () => Promise<T>): Promise<T> };

export function createLoadCache<T>(options: { ttlMs: number; maxEntries: number }): LoadCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && Date.now() - hit.at < options.ttlMs) {
        // Most recently used last: Map iteration order is insertion order.
        entries.set(key, hit);
        return hit.value;
      }
      const entry = { at: Date.now(), value: load() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries) break;
        entries.delete(oldest);
      }
      return entry.value;
    },
  };
}
