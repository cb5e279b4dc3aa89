import { decryptApiKey, encryptApiKey } from "../credentials/api-key-crypto.ts";
import type { Config } from "../config.ts";

// Provider tokens, client secrets and API keys are sealed with the same AES-256-GCM key as
// the server's API keys (SERVICE_FITNESS_API_ENCRYPTION_KEY), as the reference server does.

/** Seals a provider credential for storage; null stays null. */
export function sealCredential(config: Config, value: string | null): Buffer | null {
  return value === null ? null : encryptApiKey(config.apiEncryptionKey, value);
}

/** Opens a sealed credential; null when absent or sealed under another key. */
export function openCredential(config: Config, sealed: Uint8Array | null): string | null {
  if (!sealed) return null;
  try {
    return decryptApiKey(config.apiEncryptionKey, sealed);
  } catch {
    return null;
  }
}
