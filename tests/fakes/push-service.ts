import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";

/**
 * A push service (RFC 8030) on loopback, playing the browser's part too: it makes
 * subscriptions with key pairs of its own, checks each push's VAPID token (RFC 8292: an
 * ES256 JWT for this origin, signed by the key it names) and decrypts the payload with the
 * subscription's keys (RFC 8291, aes128gcm), as a real browser would.
 */

export type BrowserSubscription = {
  id: string;
  /** PushSubscription.toJSON(), as the browser sends it to the app. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
};

export type ReceivedPush = {
  subscriptionId: string;
  /** The decrypted payload, parsed. */
  message: { title: string; body: string; url: string; tag: string };
  /** The VAPID public key the token was signed with (base64url). */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  ttl: string | undefined;
};

export type FakePushService = {
  origin: string;
  received: ReceivedPush[];
  /** Pushes the service refused, with why (a bad token, a payload it could not decrypt). */
  refused: string[];
  subscribe(): BrowserSubscription;
  /** The push service answers this status for the subscription from now on (404, 410, 500). */
  answer(subscriptionId: string, status: number): void;
  close(): Promise<void>;
};

export async function startFakePushService(): Promise<FakePushService> {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = "";
  const server = createServer(async (req, res) => {
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1] ?? "";
    const body = await readBody(req);
    const browser = browsers.get(id);
    if (req.method !== "POST" || !browser) return void res.writeHead(404).end();
    try {
      const vapid = checkVapid(req.headers.authorization ?? "", origin);
      if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
      const message = JSON.parse(decrypt(body, browser.ecdh, browser.auth));
      const status = statuses.get(id) ?? 201;
      if (status === 201) {
        received.push({ subscriptionId: id, message, ...vapid, ttl: req.headers.ttl as string });
      }
      res.writeHead(status).end();
    } catch (error) {
      refused.push((error as Error).message);
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    origin,
    received,
    refused,
    subscribe() {
      const id = crypto.randomUUID();
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth });
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: {
            p256dh: ecdh.getPublicKey().toString("base64url"),
            auth: auth.toString("base64url"),
          },
        },
      };
    },
    answer: (id, status) => void statuses.set(id, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** RFC 8292: `vapid t=<JWT>, k=<P-256 public key>`; the JWT is ES256, for this origin, current. */
function checkVapid(header: string, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header);
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, vapidKey] = match as unknown as [string, string, string];
  const [head, payload, signature] = token.split(".") as [string, string, string];
  const decoded = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  if (decoded(head).alg !== "ES256") throw new Error("VAPID token is not ES256");
  const raw = Buffer.from(vapidKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("VAPID signature does not verify");
  const claims = decoded(payload) as { aud: string; exp: number; sub: string };
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud} is not ${origin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error("VAPID exp invalid");
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error("VAPID sub is no contact");
  return { vapidKey, claims };
}

/** RFC 8291 with RFC 8188's aes128gcm: one record, padding ending in 0x02. */
function decrypt(body: Buffer, ua: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const keyIdLength = body[20]!;
  const asPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const derive = (info: string, length: number) =>
    Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from(`Content-Encoding: ${info}\0`), length));
  const decipher = createDecipheriv("aes-128-gcm", derive("aes128gcm", 16), derive("nonce", 12));
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("no last-record padding delimiter");
  return plain.subarray(0, end).toString("utf8");
}
