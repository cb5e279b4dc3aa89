// The ways a fitness service call fails, which the sync runner tells apart.

/** The access token was refused (expired or revoked): refresh once, then give up. */
export class ProviderAuthError extends Error {}

/** The service said 429 (or its own equivalent): retry after this many seconds. */
export class ProviderRateLimitError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Rate limited by the service; retrying in ${retryAfterSeconds} s.`);
  }
}

/** Any other failure of the service (5xx, an unreadable answer, a network error). */
export class ProviderError extends Error {}
