import { createHash, createHmac } from "node:crypto";
import type { Config } from "../config.ts";

/**
 * PKCE (RFC 7636, S256) without storing the verifier: it is an HMAC of the one-time state
 * under a key derived from the server's encryption key, so the callback can recompute it
 * from the state it checks, and no one who only sees the state (in the browser's URL) can.
 */
export function pkcePair(config: Config, state: string) {
  const key = createHmac("sha256", Buffer.from(config.apiEncryptionKey, "hex"))
    .update("fitness provider-sync pkce v1")
    .digest();
  const verifier = createHmac("sha256", key).update(state).digest("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}
