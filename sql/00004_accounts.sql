-- Accounts: demo flag, sign-in lookup, API-key use tracking and shared rate-limit counters.

-- The demo account is marked, not recognised by its address, so a real account can never
-- become the demo account by picking a look-alike email.
alter table users add column is_demo boolean not null default false;

-- Sign-in happens before anyone is known, so the application role finds the account
-- through this function instead of being allowed to read every users row.
create function auth_find_user_by_email(p_email text)
  returns table (id uuid, email text, name text, role text, password_hash text, disabled boolean, is_demo boolean)
  language sql stable security definer set search_path = public
  as $$
    select u.id, u.email, u.name, u.role, u.password_hash, u.disabled, u.is_demo
      from users u
     where lower(u.email) = lower(p_email)
  $$;
revoke execute on function auth_find_user_by_email(text) from public;
grant execute on function auth_find_user_by_email(text) to fitness_app;

-- Rate-limit counters are shared by every server process using this database, so several
-- binaries behind one proxy enforce one budget. Not user data, but nobody reads it
-- directly: RLS is forced, the application role gets no privilege on the table, and the
-- only way in is rate_limit_hit below.
create table rate_limit_counters (
  bucket text primary key,
  hits integer not null,
  reset_at timestamptz not null
);
create index rate_limit_counters_reset_at_idx on rate_limit_counters (reset_at);
select app_protect_table('rate_limit_counters');

-- Counts one request against a bucket and returns the count within the current window and
-- the milliseconds until the window ends. One INSERT .. ON CONFLICT DO UPDATE takes the row
-- lock, so concurrent requests are counted exactly once each. A fixed window starts with
-- the first request; a sliding one (p_sliding) restarts on every counted request, so a
-- client that keeps retrying stays blocked until it pauses for a full window.
create function rate_limit_hit(p_bucket text, p_window_ms integer, p_sliding boolean)
  returns table (hits integer, retry_after_ms double precision)
  language plpgsql security definer set search_path = public
  as $$
declare
  v_now timestamptz := clock_timestamp();
  v_reset timestamptz := v_now + make_interval(secs => p_window_ms / 1000.0);
begin
  -- A counter lost in a crash costs nothing worth a disk flush on every API request, so
  -- this transaction commits without waiting for the WAL (set for the transaction, not
  -- just this function).
  perform set_config('synchronous_commit', 'off', true);
  -- Expired buckets are dropped now and then instead of by a separate job.
  if random() < 0.001 then
    delete from rate_limit_counters c where c.reset_at < v_now - interval '1 minute';
  end if;
  return query
    insert into rate_limit_counters as c (bucket, hits, reset_at)
    values (p_bucket, 1, v_reset)
    on conflict (bucket) do update
      set hits = case when c.reset_at <= v_now then 1 else c.hits + 1 end,
          reset_at = case when c.reset_at <= v_now or p_sliding then v_reset else c.reset_at end
    returning c.hits, greatest(0, extract(epoch from (c.reset_at - v_now)) * 1000)::double precision;
end
$$;
revoke execute on function rate_limit_hit(text, integer, boolean) from public;
grant execute on function rate_limit_hit(text, integer, boolean) to fitness_app;

-- Same lookup as before, now also recording when a key was last used (at most once a
-- minute, so a busy sync client does not write on every request).
create or replace function auth_resolve_api_key(p_lookup_hash bytea)
  returns table (key_id uuid, user_id uuid, permissions text[], active boolean)
  language plpgsql security definer set search_path = public
  as $$
begin
  update api_keys k
     set last_used_at = now()
   where k.lookup_hash = p_lookup_hash
     and (k.last_used_at is null or k.last_used_at < now() - interval '1 minute');
  return query
    select k.id, k.user_id, k.permissions,
           (k.expires_at is null or k.expires_at > now()) and not u.disabled
      from api_keys k join users u on u.id = k.user_id
     where k.lookup_hash = p_lookup_hash;
end
$$;
