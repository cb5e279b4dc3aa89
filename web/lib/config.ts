/**
 * Settings the server puts in the shell: `<meta name="fitness-map-tiles">` holds the
 * admin's tile URL template, empty when unset (then no map tile is ever fetched).
 */
export function mapTileUrl(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="fitness-map-tiles"]')?.content ?? "";
}
