/** A small HTTP client for the old SparkyFitness server: cookies for the web client's calls. */
export const BASE = process.env.SPARKY_URL ?? "http://127.0.0.1:3911";

export class ApiError extends Error {}

export class Session {
  private cookies = new Map<string, string>();
  constructor(
    readonly label: string,
    readonly base = BASE,
  ) {}

  async call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const init: RequestInit = {
      method,
      headers: { Origin: this.base, ...headers, cookie: this.cookieHeader() },
    };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)["content-type"] = "application/json";
    }
    const res = await fetch(this.base + path, init);
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const i = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const text = await res.text();
    if (!res.ok)
      throw new ApiError(`${this.label}: ${method} ${path} -> ${res.status} ${text.slice(0, 400)}`);
    try {
      return (text ? JSON.parse(text) : null) as T;
    } catch {
      return text as T;
    }
  }

  get = <T = any>(p: string) => this.call<T>("GET", p);
  post = <T = any>(p: string, b?: unknown, h?: Record<string, string>) =>
    this.call<T>("POST", p, b ?? {}, h);
  put = <T = any>(p: string, b?: unknown) => this.call<T>("PUT", p, b ?? {});
  del = <T = any>(p: string) => this.call<T>("DELETE", p);

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** A tiny valid PNG of one colour (w x h), built here so uploads are real images. */
export function png(r: number, g: number, b: number, w = 4, h = 4): Uint8Array {
  const { deflateSync, crc32 } = require("node:zlib") as typeof import("node:zlib");
  const raw = new Uint8Array((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) raw.set([r, g, b], y * (w * 3 + 1) + 1 + x * 3);
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, "latin1");
    Buffer.from(data).copy(out, 8);
    out.writeUInt32BE(
      crc32(Buffer.concat([Buffer.from(type, "latin1"), Buffer.from(data)])) >>> 0,
      8 + data.length,
    );
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array()),
  ]);
}

export function imageForm(
  field: string,
  name: string,
  image: Uint8Array,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(field, new File([image], name, { type: "image/png" }));
  return form;
}
