-- Fitness-service connections (Strava, Withings, Fitbit, ...) and the jobs that sync them.
-- Tokens, client secrets and API keys are sealed (AES-256-GCM with the API encryption key)
-- before they reach this table; the database never sees them in clear.

create table provider_connections (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  provider text not null check (provider ~ '^[a-z_]{2,30}$'),
  status text not null default 'disconnected'
    check (status in ('disconnected', 'pending', 'connected', 'error')),
  -- The user's own OAuth app; when null the administrator's (environment) app is used.
  client_id text check (length(client_id) <= 300),
  client_secret_sealed bytea,
  api_key_sealed bytea,
  access_token_sealed bytea,
  refresh_token_sealed bytea,
  token_expires_at timestamptz,
  scope text,
  external_user_id text,
  -- The authorize step's state (hashed) and redirect URI, checked by the callback.
  oauth_state_hash bytea,
  oauth_state_expires_at timestamptz,
  redirect_uri text,
  -- Private connections are never usable by a delegate, whatever the grant.
  is_private boolean not null default false,
  sync_frequency text not null default 'hourly'
    check (sync_frequency in ('hourly', 'every_6_hours', 'daily', 'manual')),
  -- Per-stream positions (each client decides the keys): the next sync starts there.
  sync_cursor jsonb not null default '{}',
  last_sync_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, provider)
);

-- One job per connection: the scheduler moves run_at forward instead of adding rows.
-- A claim is a lease: a server that dies mid-sync loses it when lease_until passes.
create table provider_sync_jobs (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  connection_id uuid not null unique references provider_connections (id) on delete cascade,
  run_at timestamptz not null default now(),
  lease_until timestamptz,
  leased_by text,
  -- A range asked for by "sync now" (ISO days); null: continue from the cursor.
  range_start date,
  range_end date,
  failures integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index provider_sync_jobs_due on provider_sync_jobs (run_at);

-- Credentials are never shared: only the owner writes. A delegate with
-- share_external_providers may read (to use) the owner's non-private connections.
select app_protect_user_table('provider_connections', 'owner_only', 'share_external_providers');
create policy provider_connections_not_private on provider_connections
  as restrictive for select to fitness_app
  using (app_actor_id() = app_user_id() or not is_private);
select app_protect_user_table('provider_sync_jobs', 'owner_only');
grant usage on sequence provider_sync_jobs_id_seq to fitness_app;

-- Claims the next due job of any user, for the background scheduler, which acts for no
-- one user. SECURITY DEFINER so it sees every user's jobs; FOR UPDATE SKIP LOCKED so two
-- servers on one database never claim the same job; a lease that ran out is due again.
create function app_claim_provider_sync_job(p_worker text, p_lease_seconds integer)
  returns table (job_id bigint, user_id uuid, connection_id uuid)
  language sql security definer set search_path = public
  as $$
    update provider_sync_jobs j
       set lease_until = now() + make_interval(secs => p_lease_seconds),
           leased_by = p_worker, updated_at = now()
     where j.id = (select d.id from provider_sync_jobs d
                    where d.run_at <= now()
                      and (d.lease_until is null or d.lease_until < now())
                    order by d.run_at limit 1
                    for update skip locked)
    returning j.id, j.user_id, j.connection_id
  $$;
revoke execute on function app_claim_provider_sync_job(text, integer) from public;
grant execute on function app_claim_provider_sync_job(text, integer) to fitness_app;

-- Queues a connection's sync now ("sync now", a first sync after connecting). The owner
-- may; so may a delegate with share_external_providers for a non-private connection. The
-- job table stays owner-only, so this SECURITY DEFINER function checks that itself.
create function app_request_provider_sync(p_connection uuid, p_start date, p_end date)
  returns boolean
  language plpgsql security definer set search_path = public
  as $$
declare
  c provider_connections;
begin
  select * into c from provider_connections where id = p_connection and user_id = app_user_id();
  if not found or not (app_actor_id() = app_user_id()
                       or (not c.is_private and app_grant_allows('share_external_providers', false))) then
    return false;
  end if;
  insert into provider_sync_jobs (user_id, connection_id, run_at, range_start, range_end)
  values (c.user_id, c.id, now(), p_start, p_end)
  on conflict (connection_id) do update set
    run_at = now(), range_start = excluded.range_start, range_end = excluded.range_end,
    failures = 0, updated_at = now();
  -- Delivered at commit to every server LISTENing, so the sync starts at once.
  perform pg_notify('provider_sync', '');
  return true;
end
$$;
revoke execute on function app_request_provider_sync(uuid, date, date) from public;
grant execute on function app_request_provider_sync(uuid, date, date) to fitness_app;
