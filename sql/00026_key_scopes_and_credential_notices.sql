-- API keys reach only what their permissions name (issue 37). Keys made before this
-- release with every permission there was (health_data_write and mcp, the default) were
-- the ones a phone app could paste and read with: they keep that as data_read and
-- data_write. A key someone narrowed stays narrow.
update api_keys
   set permissions = permissions || array['data_read', 'data_write']
 where permissions @> array['health_data_write', 'mcp'];

-- Every process keeps verified credentials for a few seconds (src/auth/credential-cache.ts).
-- A change that revokes one notifies every process listening, whoever made it (a server,
-- the CLI, a script): NOTIFY is sent at commit, never for a rolled-back change.
create function app_notify_credentials_changed() returns trigger
  language plpgsql
  as $$
begin
  perform pg_notify('fitness_credentials_changed', '');
  return null;
end
$$;

create trigger sessions_revoked after delete on sessions
  for each statement execute function app_notify_credentials_changed();
-- Not on last_used_at, which a key's own use stamps once a minute.
create trigger api_keys_changed after delete or update of permissions, expires_at, lookup_hash, user_id
  on api_keys for each statement execute function app_notify_credentials_changed();
create trigger users_credentials_changed after delete or update of password_hash, disabled, role
  on users for each statement execute function app_notify_credentials_changed();
