/**
 * Site rotation: the suggested next site is one never used yet (in the configured order),
 * else the least recently used one, so each site rests as long as possible.
 */
export function suggestNextSite(
  sites: string[],
  injections: { site: string | null; injected_at: Date }[],
) {
  const lastUsed = new Map<string, Date>();
  for (const injection of injections) {
    if (!injection.site) continue;
    const seen = lastUsed.get(injection.site);
    if (!seen || injection.injected_at > seen) lastUsed.set(injection.site, injection.injected_at);
  }
  const rotation = sites.map((site) => ({ site, last_used_at: lastUsed.get(site) ?? null }));
  const next = [...rotation].sort((a, b) => {
    if (!a.last_used_at || !b.last_used_at) return a.last_used_at ? 1 : b.last_used_at ? -1 : 0;
    return a.last_used_at.getTime() - b.last_used_at.getTime();
  })[0];
  return { suggested_site: next?.site ?? null, sites: rotation };
}
