import { useEffect, useRef } from "preact/hooks";
import type { CircleMarker, Map as LeafletMap } from "leaflet";
import type { TrackPoint } from "../api/types.ts";
import { mapTileAttribution, mapTileUrl } from "../lib/config.ts";
import { units } from "../lib/session.ts";
import { t } from "../i18n/i18n.ts";

type TrackMapProps = { points: TrackPoint[]; highlight: number | null };

/**
 * The workout's track on Leaflet, loaded only here. Tiles come from OpenStreetMap or the
 * server the admin configured; with tiles turned off the track draws on a plain background,
 * still with a distance scale.
 */
export function TrackMap({ points, highlight }: TrackMapProps) {
  const host = useRef<HTMLDivElement>(null);
  const drawn = useRef<{ map: LeafletMap; marker: CircleMarker } | null>(null);
  useEffect(() => {
    let stopped = false;
    import("leaflet").then((L) => {
      if (stopped || !host.current) return;
      const tiles = mapTileUrl();
      const map = L.map(host.current, { attributionControl: Boolean(tiles), zoomControl: false });
      L.control.zoom({ zoomInTitle: t("map.zoomIn"), zoomOutTitle: t("map.zoomOut") }).addTo(map);
      // Leaflet reads an attribution as HTML: the admin's text is escaped.
      const attribution = escapeHtml(mapTileAttribution());
      if (tiles) L.tileLayer(tiles, { maxZoom: 19, attribution }).addTo(map);
      map.attributionControl?.setPrefix(false);
      const latLngs = points.map((p) => [p.lat, p.lon] as [number, number]);
      const line = L.polyline(segments(points, latLngs), { color: "#0f766e", weight: 4 });
      line.addTo(map);
      map.fitBounds(line.getBounds(), { padding: [16, 16] });
      // In the profile's units only: 500 m, or 2000 ft.
      const miles = units.value.distance === "miles";
      L.control.scale({ metric: !miles, imperial: miles }).addTo(map);
      const marker = L.circleMarker(latLngs[0]!, { radius: 7, color: "#be123c", fillOpacity: 1 });
      drawn.current = { map, marker };
    });
    return () => {
      stopped = true;
      drawn.current?.map.remove();
      drawn.current = null;
    };
  }, [points]);
  useEffect(() => {
    if (!drawn.current) return;
    const { map, marker } = drawn.current;
    const point = highlight == null ? undefined : points[highlight];
    if (!point) marker.remove();
    else marker.setLatLng([point.lat, point.lon]).addTo(map);
  }, [highlight]);
  return <div class="track-map" ref={host} role="region" aria-label={t("map.route")} />;
}

/** The track's segments: no line is drawn over a pause between two of them. */
function segments(points: TrackPoint[], latLngs: [number, number][]) {
  const parts: [number, number][][] = [[]];
  points.forEach((p, i) => {
    if (p.new_segment) parts.push([]);
    parts.at(-1)!.push(latLngs[i]!);
  });
  return parts;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
