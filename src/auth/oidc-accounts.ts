import type { Database } from "../db.ts";
import { HttpError } from "../errors.ts";
import { createUserAccount, findUserByEmail } from "../users/accounts.ts";
import type { OidcProvider } from "./oidc-providers.ts";
import { randomToken } from "../credentials/tokens.ts";

export type OidcIdentity = {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
};

/**
 * The account an identity signs in: the linked one; else an existing account with the
 * same email, linked only when the provider is trusted for email and says the address is
 * verified (otherwise anyone who can set that address at some provider would take the
 * account over); else a new account when the provider auto-registers.
 */
export async function resolveOidcAccount(
  db: Database,
  provider: OidcProvider,
  identity: OidcIdentity,
): Promise<string> {
  const [link] = await db.withAnonymous(
    (tx) => tx<{ user_id: string | null }[]>`
      select auth_find_oidc_link(${provider.key}, ${identity.subject}) as user_id`,
  );
  if (link?.user_id) return link.user_id;
  const email = identity.email?.trim();
  if (!email) throw new HttpError(400, "The identity provider did not share an email address.");

  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!provider.trustEmail || !identity.emailVerified) {
      throw new HttpError(
        409,
        "An account with this email already exists and this provider may not link to it.",
      );
    }
    await linkIdentity(db, existing.id, provider.key, identity, email);
    return existing.id;
  }
  if (!provider.autoRegister) {
    throw new HttpError(403, "No account is linked to this identity and registration is off.");
  }
  // A random password that nobody knows, then removed: the account signs in through the
  // provider until its owner sets a password.
  const user = await createUserAccount(db, { email, password: randomToken(), name: identity.name });
  await db.withUser(
    user.id,
    (tx) => tx`
      update users set password_hash = null, email_verified = ${identity.emailVerified}
       where id = ${user.id}`,
  );
  await linkIdentity(db, user.id, provider.key, identity, email);
  return user.id;
}

async function linkIdentity(
  db: Database,
  userId: string,
  provider: string,
  identity: OidcIdentity,
  email: string,
): Promise<void> {
  await db.withUser(
    userId,
    (tx) => tx`
      insert into oidc_links (user_id, provider, subject, email)
      values (${userId}, ${provider}, ${identity.subject}, ${email})`,
  );
}
