import { deflateSync } from "node:zlib";

/**
 * The demo's pictures, drawn here as PNGs (no photo of anyone, no file in the repository):
 * progress and bump photos of a person front or side on against a wall, and a map tile.
 */

type Rgb = [number, number, number];

/** A map tile: city blocks of pale land between white streets, as OpenStreetMap draws them. */
export function mapTile(): Uint8Array<ArrayBuffer> {
  return png(256, 256, (x, y) => {
    const street = (v: number) => (v + 20) % 128 < 9;
    const edge = (v: number) => [19, 29].includes((v + 20) % 128);
    if (street(x) || street(y)) return [255, 255, 255];
    if (edge(x) || edge(y)) return [214, 208, 200];
    return [242, 239, 233];
  });
}

/** An RGB PNG `width` × `height` whose pixels `paint` gives. */
function png(
  width: number,
  height: number,
  paint: (x: number, y: number) => Rgb,
): Uint8Array<ArrayBuffer> {
  const raw = new Uint8Array(height * (width * 3 + 1));
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) raw.set(paint(x, y), row + 1 + x * 3);
  }
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...new TextEncoder().encode(type), ...data]);
    const out = new DataView(new ArrayBuffer(body.length + 8));
    out.setUint32(0, data.length);
    new Uint8Array(out.buffer).set(body, 4);
    out.setUint32(body.length + 4, Bun.hash.crc32(body));
    return new Uint8Array(out.buffer);
  };
  const header = new DataView(new ArrayBuffer(13));
  header.setUint32(0, width);
  header.setUint32(4, height);
  header.setUint8(8, 8); // bits per channel
  header.setUint8(9, 2); // RGB
  return new Uint8Array([
    ...[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    ...chunk("IHDR", new Uint8Array(header.buffer)),
    ...chunk("IDAT", deflateSync(raw)),
    ...chunk("IEND", new Uint8Array()),
  ]);
}

const SKIN: Rgb = [214, 168, 138];
const SHIRT: Rgb = [47, 111, 115];
const SHORTS: Rgb = [51, 54, 61];
const HAIR: Rgb = [74, 52, 40];

const inEllipse = (x: number, y: number, cx: number, cy: number, rx: number, ry: number) =>
  ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;

/**
 * A person from the front or the side; `build` widens the body (1 is today's), `bump` (in
 * pixels) pushes the belly forward on the side view.
 */
export function bodyPhoto(angle: "front" | "side", build = 1, bump = 0): Uint8Array<ArrayBuffer> {
  const [w, h] = [240, 320];
  const cx = w / 2;
  const side = angle === "side";
  return png(w, h, (x, y) => {
    const wall: Rgb = [233 - y / 20, 228 - y / 20, 220 - y / 18];
    const background: Rgb = y > 275 ? [185, 171, 152] : wall;
    const dx = x - cx;
    // Head and hair.
    if (inEllipse(x, y, cx, 58, 21, 25)) return y < 45 || (side && dx < -8) ? HAIR : SKIN;
    if (y >= 80 && y < 96 && Math.abs(dx) < 8) return SKIN;
    // Torso: shoulders to waist, the belly forward on the side view.
    if (y >= 94 && y < 195) {
      const t = (y - 94) / 101;
      const half = (side ? 24 : 47 - 11 * t) * build;
      const belly = side
        ? bump * Math.sin(Math.PI * Math.min(1, Math.max(0, (t - 0.35) / 0.65)))
        : 0;
      if (dx > -half && dx < half + belly) return SHIRT;
      // Arms down the sides (one arm, in front of the body, from the side).
      const arm = side ? Math.abs(dx + 2) < 8 : Math.abs(Math.abs(dx) - half - 8) < 7;
      if (arm && y < 190) return y < 130 ? SHIRT : SKIN;
    }
    if (y >= 195 && y < 228 && Math.abs(dx) < (side ? 24 : 37) * build) return SHORTS;
    // Legs to the floor.
    if (y >= 228 && y < 292) {
      const legs = side ? Math.abs(dx) < 11 * build : Math.abs(Math.abs(dx) - 17) < 11 * build;
      if (legs) return SKIN;
    }
    return background;
  });
}
