import type { ProviderHttp } from "../provider-http.ts";
import { ProviderAuthError, ProviderError, ProviderRateLimitError } from "../provider-errors.ts";

export type Paged = Record<string, unknown> & { more?: boolean | number; offset?: number };

// Withings answers HTTP 200 and puts the outcome in `status`:
// https://developer.withings.com/api-reference/#section/Response-status
const AUTH_STATUSES = new Set([100, 101, 102, 200, 401]);
const RATE_LIMITED = 601;

/** One Withings action: form POST, then the body when status is 0, else the mapped error. */
export async function callWithings(
  http: ProviderHttp,
  url: string,
  form: Record<string, string | number | undefined>,
): Promise<Paged> {
  const answer = await http.send("POST", url, { form });
  const { status, body, error } = (answer.body ?? {}) as {
    status?: number;
    body?: Paged;
    error?: string;
  };
  if (status === 0) return body ?? {};
  if (status !== undefined && AUTH_STATUSES.has(status))
    throw new ProviderAuthError(`Withings refused the access token (status ${status}).`);
  if (status === RATE_LIMITED) throw new ProviderRateLimitError(60);
  throw new ProviderError(`Withings answered status ${status ?? "?"}${error ? `: ${error}` : ""}.`);
}
