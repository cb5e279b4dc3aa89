import type { ClientMetadata, Configuration, CustomFetch } from "openid-client";
import { createHash } from "node:crypto";
import { createGuardedFetch } from "../lib/guarded-fetch.ts";
import { createLoadCache } from "../lib/load-cache.ts";
import type { AddressPolicy } from "../lib/ssrf-fetch.ts";
import type { OidcProvider } from "./oidc-providers.ts";

// Discovery documents and keys change rarely; an hour keeps sign-in fast and still picks
// up a provider's key rotation (openid-client also refetches the JWKS on an unknown kid).
// A server has a handful of providers; the bound only keeps edited settings from piling up.
const cache = createLoadCache<Configuration>({ ttlMs: 60 * 60 * 1000, maxEntries: 32 });

/**
 * The openid-client configuration of a provider (discovery, client authentication,
 * expected algorithms). All its requests go through the SSRF guard; identity providers
 * are often on the home network, an administrator's choice, so private addresses are
 * allowed. Loopback, link-local and reserved ones stay refused: an anonymous sign-in
 * starts discovery, which must not become a way to reach the server's own ports.
 * `allowHost` is the test-only loopback fake (config.testFetchAllowHost).
 */
export function providerConfiguration(
  provider: OidcProvider,
  allowHost: string | undefined,
): Promise<Configuration> {
  const key = createHash("sha256").update(JSON.stringify({ provider, allowHost })).digest("hex");
  return cache.get(key, () =>
    discover(provider, { allowPrivateNetwork: true, allowLoopback: false, allowHost }),
  );
}

async function discover(provider: OidcProvider, policy: AddressPolicy): Promise<Configuration> {
  // Loaded on first use, like every library of a rarely used feature (README, "Memory").
  const client = await import("openid-client");
  const fetch = createGuardedFetch({ ...policy, timeoutMs: provider.timeoutMs });
  const auth =
    provider.tokenAuthMethod === "client_secret_basic"
      ? client.ClientSecretBasic(provider.clientSecret)
      : client.ClientSecretPost(provider.clientSecret);
  const metadata: Partial<ClientMetadata> = {
    client_secret: provider.clientSecret,
    id_token_signed_response_alg: provider.idTokenSignedResponseAlg,
    // "none" means a plain JSON userinfo answer, which is the library's default.
    ...(provider.userinfoSignedResponseAlg !== "none"
      ? { userinfo_signed_response_alg: provider.userinfoSignedResponseAlg }
      : {}),
  };
  // A provider on the local network may be plain http; the administrator chose its URL.
  const insecure = provider.issuerUrl.startsWith("http:");
  const config = await client.discovery(
    new URL(provider.issuerUrl),
    provider.clientId,
    metadata,
    auth,
    {
      [client.customFetch]: fetch as CustomFetch,
      // The library trusts the TLS channel for a token-endpoint ID token by default (OIDC Core
      // 3.1.3.7); its signature is checked against the provider's JWKS anyway, because
      // self-hosted providers are often reached over plain http or a private CA.
      execute: [
        client.enableNonRepudiationChecks,
        ...(insecure ? [client.allowInsecureRequests] : []),
      ],
      timeout: Math.ceil(provider.timeoutMs / 1000),
    },
  );
  config[client.customFetch] = fetch as CustomFetch;
  return config;
}
