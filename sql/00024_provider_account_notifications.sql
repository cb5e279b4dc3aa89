-- Services that notify (Garmin's ping and push, and the like) name their own account, not
-- one of our users. These SECURITY DEFINER functions, for a caller acting for no one, act
-- only on the connections of that account: the account id is the notification's only key.

-- Makes the sync of the account's connected connections due now; a job backing off after
-- failures keeps its wait, a range being synced keeps its range. Answers how many.
create function app_request_provider_sync_for_account(p_provider text, p_account text)
  returns integer
  language plpgsql security definer set search_path = public
  as $$
declare
  queued integer;
begin
  insert into provider_sync_jobs (user_id, connection_id, run_at)
  select c.user_id, c.id, now() from provider_connections c
   where c.provider = p_provider and c.external_user_id = p_account and c.status = 'connected'
  on conflict (connection_id) do update set run_at = now(), updated_at = now()
   where provider_sync_jobs.failures = 0;
  get diagnostics queued = row_count;
  if queued > 0 then
    perform pg_notify('provider_sync', '');
  end if;
  return queued;
end
$$;
revoke execute on function app_request_provider_sync_for_account(text, text) from public;
grant execute on function app_request_provider_sync_for_account(text, text) to fitness_app;

-- The user withdrew our access at the service: forget the tokens, stop syncing. Data stays.
create function app_forget_provider_account(p_provider text, p_account text)
  returns integer
  language plpgsql security definer set search_path = public
  as $$
declare
  forgotten integer;
begin
  delete from provider_sync_jobs j using provider_connections c
   where j.connection_id = c.id and c.provider = p_provider and c.external_user_id = p_account;
  update provider_connections
     set status = 'disconnected', access_token_sealed = null, refresh_token_sealed = null,
         token_expires_at = null, last_error = 'Access was withdrawn at the service.',
         updated_at = now()
   where provider = p_provider and external_user_id = p_account and status <> 'disconnected';
  get diagnostics forgotten = row_count;
  return forgotten;
end
$$;
revoke execute on function app_forget_provider_account(text, text) from public;
grant execute on function app_forget_provider_account(text, text) to fitness_app;

-- Records a service said it deleted (Strava's delete events), to be confirmed with the
-- service by the next sync before our copy goes: a notification alone deletes nothing.
alter table provider_connections
  add column pending_deletions text[] not null default '{}'
    check (cardinality(pending_deletions) <= 500);

-- Notes a deletion the service announced for the account's connections and queues their
-- sync. Answers how many connections noted it.
create function app_note_provider_deletion(p_provider text, p_account text, p_record text)
  returns integer
  language plpgsql security definer set search_path = public
  as $$
declare
  noted integer;
begin
  update provider_connections
     set pending_deletions = pending_deletions || p_record, updated_at = now()
   where provider = p_provider and external_user_id = p_account and status = 'connected'
     and not p_record = any (pending_deletions) and cardinality(pending_deletions) < 500;
  get diagnostics noted = row_count;
  perform app_request_provider_sync_for_account(p_provider, p_account);
  return noted;
end
$$;
revoke execute on function app_note_provider_deletion(text, text, text) from public;
grant execute on function app_note_provider_deletion(text, text, text) to fitness_app;
