/**
 * Small real images for upload tests: a 16x16 green-to-white gradient written by
 * ImageMagick (JPEG, GIF) and cwebp (WebP) for this project; the PNG is a valid 1x1 pixel.
 */

const decode = (base64: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
const ascii = (text: string) => new TextEncoder().encode(text);

export const JPEG = decode(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADAREAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAAAAUJ/8QAFxAAAwEAAAAAAAAAAAAAAAAAABdkov/EABYBAQEBAAAAAAAAAAAAAAAAAAAHBv/EABYRAQEBAAAAAAAAAAAAAAAAAAAVYf/aAAwDAQACEQMRAD8AhJKTJKJyJScElJkTiTjQBJSZN5OxTJWCSkyJ2ErH/9k=",
);
export const PNG = decode(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
);
export const GIF = decode(
  "R0lGODlhEAAQAPMPAACAABGIESKRIjOZM0SiRFWqVWazZne7d4jEiJnMmarVqrvdu8zmzN3u3e737v///yH5BAAAAAAALAAAAAAQABAAAAROEMhJKwg46x2E/2AoDGRpngOhrmxLFHAsz4Vh33huHHzv/weEcEgsIhLIpHKZUDif0KhiQa1arwuGdsvtMhrgsHjccJjP6LTjwW67348IADs=",
);
export const WEBP = decode(
  "UklGRkYAAABXRUJQVlA4IDoAAACwAQCdASoQABAAAgA0JagCdAEOtNWAAP7kZo79bujupC3vTGIK/97r9D0gkf//yFcZ/rmAdC8PIAAA",
);

/** The start of an iPhone HEIC: an ISO-BMFF ftyp box with brand heic, then a meta box. */
export const HEIC = new Uint8Array([
  ...[0, 0, 0, 0x18],
  ...ascii("ftypheic"),
  ...[0, 0, 0, 0],
  ...ascii("mif1heic"),
  ...[0, 0, 0, 0x08],
  ...ascii("meta"),
]);

export const TEXT = ascii("just some notes, not a picture\n");

/** A file of `bytes` bytes that starts like a PNG, to test size limits rather than sniffing. */
export function largePng(bytes: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(bytes);
  data.set(PNG);
  return data;
}
