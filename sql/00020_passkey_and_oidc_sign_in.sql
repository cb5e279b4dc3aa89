-- Passkey sign-in happens before anyone is known, so the application role finds the owner
-- of the owner-only passkey row through this function, then reads it under that user.
create function auth_find_passkey_owner(p_credential_id text)
  returns uuid
  language sql stable security definer set search_path = public
  as $$ select p.user_id from passkeys p where p.credential_id = p_credential_id $$;

revoke execute on function auth_find_passkey_owner(text) from public;
grant execute on function auth_find_passkey_owner(text) to fitness_app;
