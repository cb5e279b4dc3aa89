/**
 * The token bookkeeping every fake fitness service shares: authorization codes it handed
 * out, access tokens it accepts, refresh tokens, and switches to expire or revoke them.
 */
export type FakeOAuth = {
  clientId: string;
  clientSecret: string;
  /** What the user's browser would get back on the redirect after approving. */
  approve(): string;
  /** Trades a code for tokens; null when the code is unknown or used. */
  exchange(code: string): Tokens | null;
  refresh(refreshToken: string): Tokens | null;
  isValid(accessToken: string | null): boolean;
  /** Every access token issued so far stops working (as after expiry). */
  expireAccessTokens(): void;
  revoke(accessToken: string): void;
  refreshCount: number;
};

export type Tokens = { access: string; refresh: string; expiresIn: number };

export function createFakeOAuth(clientId = "client-1", clientSecret = "secret-1"): FakeOAuth {
  const codes = new Set<string>();
  const access = new Set<string>();
  const refresh = new Set<string>();
  let counter = 0;
  const issue = (): Tokens => {
    counter++;
    const tokens = { access: `access-${counter}`, refresh: `refresh-${counter}`, expiresIn: 21600 };
    access.add(tokens.access);
    refresh.add(tokens.refresh);
    return tokens;
  };
  const state: FakeOAuth = {
    clientId,
    clientSecret,
    refreshCount: 0,
    approve() {
      const code = `code-${++counter}`;
      codes.add(code);
      return code;
    },
    exchange(code) {
      if (!codes.delete(code)) return null;
      return issue();
    },
    refresh(token) {
      if (!refresh.delete(token)) return null;
      state.refreshCount++;
      return issue();
    },
    isValid: (token) => token !== null && access.has(token),
    expireAccessTokens: () => access.clear(),
    revoke: (token) => void access.delete(token),
  };
  return state;
}

/** The bearer token of a request, or null. */
export function bearerOf(request: Request): string | null {
  const header = request.headers.get("authorization") ?? "";
  return header.startsWith("Bearer ") ? header.slice(7) : null;
}

/** A scripted failure a fake answers the next matching request with. */
export type FakeFailure = { status: number; headers?: Record<string, string>; body?: unknown };
