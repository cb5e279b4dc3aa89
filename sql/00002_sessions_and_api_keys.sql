-- Session tokens and API keys. Only hashes of session tokens are stored; API keys are
-- stored encrypted (AES-256-GCM) and found through a keyed hash (HMAC-SHA256).

create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ip_address text,
  user_agent text
);
create index sessions_user_id_idx on sessions (user_id);
select app_protect_table('sessions');
create policy sessions_owner on sessions to fitness_app
  using (user_id = app_user_id())
  with check (user_id = app_user_id());
grant select, insert, update, delete on sessions to fitness_app;

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  key_prefix text not null,
  lookup_hash bytea not null unique,
  key_ciphertext bytea not null,
  permissions text[] not null,
  expires_at timestamptz,
  last_used_at timestamptz,
  created_at timestamptz not null default now()
);
create index api_keys_user_id_idx on api_keys (user_id);
select app_protect_table('api_keys');
-- API keys are never shared with family delegates: the acting user must be the owner.
create policy api_keys_owner on api_keys to fitness_app
  using (user_id = app_user_id() and app_actor_id() = app_user_id())
  with check (user_id = app_user_id() and app_actor_id() = app_user_id());
grant select, insert, update, delete on api_keys to fitness_app;

-- Resolves a session token hash to its active user before anyone is known, sliding the
-- 30-day expiry forward at most once an hour to avoid a write on every request.
create function auth_resolve_session(p_token_hash bytea)
  returns table (session_id uuid, user_id uuid, role text, expires_at timestamptz)
  language plpgsql security definer set search_path = public
  as $$
begin
  update sessions s
     set expires_at = now() + interval '30 days', last_used_at = now()
   where s.token_hash = p_token_hash
     and s.expires_at > now()
     and s.last_used_at < now() - interval '1 hour';
  return query
    select s.id, s.user_id, u.role, s.expires_at
      from sessions s join users u on u.id = s.user_id
     where s.token_hash = p_token_hash and s.expires_at > now() and not u.disabled;
end
$$;

-- Resolves an API key's lookup hash, whatever its state, so callers can tell an
-- expired or disabled key from an unknown one without decrypting any row.
create function auth_resolve_api_key(p_lookup_hash bytea)
  returns table (key_id uuid, user_id uuid, permissions text[], active boolean)
  language sql security definer set search_path = public
  as $$
    select k.id, k.user_id, k.permissions,
           (k.expires_at is null or k.expires_at > now()) and not u.disabled
      from api_keys k join users u on u.id = k.user_id
     where k.lookup_hash = p_lookup_hash
  $$;

revoke execute on function auth_resolve_session(bytea), auth_resolve_api_key(bytea) from public;
grant execute on function auth_resolve_session(bytea), auth_resolve_api_key(bytea) to fitness_app;
