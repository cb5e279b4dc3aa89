/**
 * Small real images for upload tests. JPEG, GIF and WebP are CPython's 16x16 test images
 * (Lib/test/test_email/data/python.*); the PNG is a valid 1x1 pixel.
 */

const decode = (base64: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
const ascii = (text: string) => new TextEncoder().encode(text);

export const JPEG = decode(
  "/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwQF/8QAJBAAAQQBBAICAwAAAAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAECBQMFAAAAAAAAAAAAAAECEQMEBQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaUVAseUgslSlH9LKuPryIKuWPZdskzXmm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/HvuRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5SWVPuciFKRFLgSrwetnyPIB+Vb4N9mKhQMzo5po9XLdDs9d6ZVix2VEhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27flGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwetf//Z",
);
export const PNG = decode(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
);
export const GIF = decode(
  "R0lGODlhEAAQAPU/AOu7GOu+IfPBGvrHGf3LG//MHOvCKv/PI//PJP/QJf/TLevFNOjHPf/TMP/UMP3VNvrTOf/XOfnVPv/YOuzORf/aQf/bRP/eS//fTv/iVf/jWP/nYvLhbvXjb/3pav/rbDJghzZmkDZnkTZpkzdoljdqljlsljpvmzpwnDtwnDxxnj1zoj50oj92pUB4pkJ7qkN8q0N9rUV/r0aAsUeBskiDtEiFtkqGukyJvEyKvEyKv0+NwVCPw1KRxv///wAAACH/C0ltYWdlTWFnaWNrB2dhbW1hPTAAIfkEBQAAPwAsAAAAABAAEAAABpvAn/C3u81iLRVpyBTmfLMXC1VqMm1RVqo0sv50thjLFDKVqszeDleTuVSn0fmXuUh+PB1N9oKP/iA/FxUPXzY0UipnIoEUhAo/hzAuXU0VEQoHP0cuIj8cHhsZGBUTCggEPzFSPx0fGxoYFhENCAUCQispP6+xpacFBVawGAwLBgEAAF6xsw0Jwl4/shEOCT6p0j8QzwUD2uBDQQA7",
);
export const WEBP = decode(
  "UklGRqgBAABXRUJQVlA4WAoAAAAQAAAADwAADwAAQUxQSMMAAAABJ6KokSTleucYX+ffKpmImP90cY3gJjDi4Yt3MsjBEVyDKzDosHgVjnhRNcEIDAJPkqBqsFUZHNa2bUYvTsZ2PLbtd/uvKa4hov9J0f2PkPe6REkkGzolkTTzFG0Ox9PlFiD0CxS+kOGDtxoynjaCfx0pfk52CPuInrOR75lzRugygtv4zEiy90UwfSD9NheMITJWLaXWayO8XeOlWRXVnIGk2W6WdYoYMQ+KqixQNPowgt+6a1BSKbUtz+lUFAoBAAAAVlA4IL4AAACQAgCdASoQABAAAwA0JbACdDBPCIUMfAMdCCz96AD+/XSg/QKbH4r3Q3ycN/bSDK/T/zVo4u6nvclvG/SqxWOuup+XhN9BojvaW+Tv+MvxvX/hr/o/5Qns9LtmX/+qKdl/yWznhuasl7nkxvSTI4xf3Y85VSB/lU/8Ofj/b9JrA+ifvIOYZm2x1RP/dhfmsf5diuSfR7+z+r/+HR3zEo/+XM/B+vkYw73Pzx+ROaAB/ZoBSzEs3rzZe6qsAAAA",
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
