-- Second factors (TOTP, backup codes, email codes), passkeys, OIDC single sign-on and the
-- instance-wide sign-in settings. Every per-user table is owner-only: a family delegate
-- never sees or changes another person's sign-in factors.

alter table users add column email_verified boolean not null default false;

-- The TOTP secret is AES-256-GCM encrypted with a key derived from BETTER_AUTH_SECRET.
-- last_step is the time step of the last accepted code, so a code is accepted once.
create table user_second_factors (
  user_id uuid primary key references users (id) on delete cascade,
  totp_secret_ciphertext bytea,
  totp_enabled boolean not null default false,
  totp_last_step bigint,
  email_enabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
select app_protect_user_table('user_second_factors', 'owner_only');

create table user_backup_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  code_hash bytea not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index user_backup_codes_user_id_idx on user_backup_codes (user_id);
select app_protect_user_table('user_backup_codes', 'owner_only');

-- A password sign-in waiting for its second factor. The cookie names the user, so the
-- row is found under the user's own RLS without any lookup function.
create table pending_sign_ins (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash bytea not null unique,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index pending_sign_ins_user_id_idx on pending_sign_ins (user_id);
select app_protect_user_table('pending_sign_ins', 'owner_only');

-- Short-lived, single-use codes sent by email, stored hashed, with an attempt budget.
create table email_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('email-verification', 'two-factor')),
  code_hash bytea not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index email_codes_user_id_idx on email_codes (user_id, purpose);
select app_protect_user_table('email_codes', 'owner_only');

create table passkeys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null default '',
  credential_id text not null unique,
  public_key bytea not null,
  counter bigint not null default 0,
  device_type text not null,
  backed_up boolean not null default false,
  transports text[] not null default '{}',
  aaguid text,
  last_used_at timestamptz,
  created_at timestamptz not null default now()
);
create index passkeys_user_id_idx on passkeys (user_id);
select app_protect_user_table('passkeys', 'owner_only');

-- One-time state of a flow that starts before anyone is signed in (a WebAuthn challenge,
-- an OIDC state with its nonce and PKCE verifier, a passkey registration ticket). Only
-- the two functions below reach it; a taken row is gone, so each is used once.
create table auth_challenges (
  id uuid primary key default gen_random_uuid(),
  purpose text not null,
  user_id uuid references users (id) on delete cascade,
  data jsonb not null,
  expires_at timestamptz not null
);
create index auth_challenges_expires_at_idx on auth_challenges (expires_at);
select app_protect_table('auth_challenges');

create function auth_challenge_put(p_purpose text, p_user_id uuid, p_data jsonb, p_ttl_seconds integer)
  returns uuid
  language plpgsql security definer set search_path = public
  as $$
declare
  v_id uuid;
begin
  delete from auth_challenges where expires_at < now() - interval '1 hour';
  insert into auth_challenges (purpose, user_id, data, expires_at)
  values (p_purpose, p_user_id, p_data, now() + make_interval(secs => p_ttl_seconds))
  returning id into v_id;
  return v_id;
end
$$;

-- Deletes the challenge and returns it only when it has the purpose and has not expired.
create function auth_challenge_take(p_id uuid, p_purpose text)
  returns table (user_id uuid, data jsonb)
  language sql security definer set search_path = public
  as $$
    delete from auth_challenges c
     where c.id = p_id and c.purpose = p_purpose
    returning c.user_id, case when c.expires_at > now() then c.data end
  $$;

-- Instance-wide sign-in settings, one row, changed by administrators only.
create table auth_settings (
  id boolean primary key default true check (id),
  password_sign_in boolean not null default true,
  second_factor_required boolean not null default false,
  updated_at timestamptz not null default now()
);
insert into auth_settings default values;
select app_protect_table('auth_settings');
create policy auth_settings_read on auth_settings for select to fitness_app using (true);
grant select on auth_settings to fitness_app;

-- Identity providers an administrator configured; the client secret is encrypted like
-- API keys. Readable by the application role because sign-in runs before anyone is known.
create table oidc_providers (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  display_name text not null,
  issuer_url text not null,
  client_id text not null,
  client_secret_ciphertext bytea not null,
  scope text not null default 'openid profile email',
  auto_register boolean not null default false,
  trust_email boolean not null default false,
  token_auth_method text not null default 'client_secret_post'
    check (token_auth_method in ('client_secret_post', 'client_secret_basic')),
  id_token_signed_response_alg text not null default 'RS256',
  userinfo_signed_response_alg text not null default 'none',
  timeout_ms integer not null default 3500 check (timeout_ms between 100 and 120000),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
select app_protect_table('oidc_providers');
create policy oidc_providers_read on oidc_providers for select to fitness_app using (true);
grant select on oidc_providers to fitness_app;

-- Which provider account signs in which user. The provider key is the admin provider's
-- slug or 'env' for the provider from the environment.
create table oidc_links (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  provider text not null,
  subject text not null,
  email text,
  created_at timestamptz not null default now(),
  unique (provider, subject)
);
create index oidc_links_user_id_idx on oidc_links (user_id);
select app_protect_user_table('oidc_links', 'owner_only');

create function auth_find_oidc_link(p_provider text, p_subject text)
  returns uuid
  language sql stable security definer set search_path = public
  as $$ select l.user_id from oidc_links l where l.provider = p_provider and l.subject = p_subject $$;

-- What the sign-in screen may learn before anyone is signed in. Unknown addresses answer
-- like an account without factors, so the answer does not reveal whether one exists.
create function auth_second_factors_of(p_email text)
  returns table (totp boolean, email boolean, passkeys boolean)
  language sql stable security definer set search_path = public
  as $$
    select coalesce(bool_or(f.totp_enabled), false), coalesce(bool_or(f.email_enabled), false),
           exists (select 1 from passkeys p join users u on u.id = p.user_id
                    where lower(u.email) = lower(p_email))
      from users u left join user_second_factors f on f.user_id = u.id
     where lower(u.email) = lower(p_email)
  $$;

-- The current count of a rate-limit bucket without counting a request.
create function rate_limit_peek(p_bucket text)
  returns integer
  language sql stable security definer set search_path = public
  as $$ select coalesce((select c.hits from rate_limit_counters c
                          where c.bucket = p_bucket and c.reset_at > clock_timestamp()), 0) $$;

revoke execute on function auth_challenge_put(text, uuid, jsonb, integer), auth_challenge_take(uuid, text),
  auth_find_oidc_link(text, text), auth_second_factors_of(text), rate_limit_peek(text) from public;
grant execute on function auth_challenge_put(text, uuid, jsonb, integer), auth_challenge_take(uuid, text),
  auth_find_oidc_link(text, text), auth_second_factors_of(text), rate_limit_peek(text) to fitness_app;
