import type { SyncProviderId } from "../config.ts";
import type { HealthRecord } from "../lib/ingest-types.ts";
import type { ProviderHttp } from "./provider-http.ts";

/** Tokens as a service's token endpoint answers them, normalised. */
export type TokenSet = {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string | null;
  /** The service's id for the account (Strava athlete, Withings userid, ...), if it says. */
  externalUserId: string | null;
};

/** The OAuth app a connection uses: the user's own, else the administrator's. */
export type ClientCredentials = { clientId: string; clientSecret: string };

/** A client's own positions between syncs (a last-update stamp, a page token, ...). */
export type SyncCursor = Record<string, string | number>;

export type SyncWindow = {
  start: Date;
  end: Date;
  /** What this client returned last time; empty on a first sync or an explicit range. */
  cursor: SyncCursor;
  externalUserId: string | null;
};

export type SyncBatch = {
  records: HealthRecord[];
  cursor: SyncCursor;
  /** Set when the client stopped early to respect pacing: the next run starts here. */
  resumeFrom?: Date;
  /**
   * Tells the service the records are saved (Polar's transaction commit), after they are
   * written: a sync that fails before gets the same records again, which the writes absorb.
   */
  confirm?: () => Promise<void>;
};

/** The calls every service client answers, behind one interface. */
export type ProviderClient = {
  id: SyncProviderId;
  displayName: string;
  auth: "oauth2" | "api_key";
  /** Whether the code flow needs PKCE (S256): the challenge and verifier are then passed in. */
  pkce?: boolean;
  /** The service's documented pacing: how long to wait before continuing a cut-short sync. */
  pacingSeconds?: number;
  /** Seconds to wait after a 429 that has no Retry-After header. */
  rateLimitWait?(headers: Headers): number;
  /** Where the user's browser goes to grant access (not fetched by the server). */
  authorizeUrl?(
    http: ProviderHttp,
    client: ClientCredentials,
    redirectUri: string,
    state: string,
    codeChallenge?: string,
  ): string;
  exchangeCode?(
    http: ProviderHttp,
    client: ClientCredentials,
    code: string,
    redirectUri: string,
    codeVerifier?: string,
  ): Promise<TokenSet>;
  refresh?(http: ProviderHttp, client: ClientCredentials, refreshToken: string): Promise<TokenSet>;
  /**
   * A step after the token exchange, such as Polar's user registration or asking Garmin
   * for the account's id; answers the account id when the token answer had none.
   */
  afterConnect?(http: ProviderHttp, tokens: TokenSet): Promise<string | void>;
  /** Lists and maps the window's records (source = the service id, source_id = its id). */
  fetchRecords(http: ProviderHttp, window: SyncWindow): Promise<SyncBatch>;
  /**
   * Of the workouts the service announced deleted (by its own ids), those it confirms are
   * gone; an announcement is never trusted alone (webhooks are unsigned).
   */
  confirmDeleted?(http: ProviderHttp, sourceIds: string[]): Promise<string[]>;
  /** Revokes the grant where the service allows it. */
  revoke?(
    http: ProviderHttp,
    client: ClientCredentials | null,
    accessToken: string,
    externalUserId: string | null,
  ): Promise<void>;
};
