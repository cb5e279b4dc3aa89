/**
 * Settings the server puts in the shell: `<meta name="fitness-map-tiles">` holds the tile URL
 * template (OpenStreetMap's unless the admin changed it), empty when the admin turned tiles
 * off (then no map tile is ever fetched); `fitness-map-attribution` the credit they need.
 */
export function mapTileUrl(): string {
  return meta("fitness-map-tiles");
}

export function mapTileAttribution(): string {
  return meta("fitness-map-attribution");
}

function meta(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
}
