-- Switching from SparkyFitness keeps API keys, two-factor and re-runs.

-- A key carried over from that server: it kept only the SHA-256 of the key, so the row is
-- found by that hash (lookup_kind 'sha256') and has no ciphertext (the key was never seen).
alter table api_keys alter column key_ciphertext drop not null;
alter table api_keys add column lookup_kind text not null default 'hmac'
  check (lookup_kind in ('hmac', 'sha256'));

drop function auth_resolve_api_key(bytea);
-- Resolves a presented key by this server's keyed hash, or by its SHA-256 for a key
-- carried over; records when it was last used (at most once a minute).
create function auth_resolve_api_key(p_lookup_hash bytea, p_sha256 bytea)
  returns table (key_id uuid, user_id uuid, permissions text[], active boolean)
  language plpgsql security definer set search_path = public
  as $$
begin
  update api_keys k
     set last_used_at = now()
   where ((k.lookup_kind = 'hmac' and k.lookup_hash = p_lookup_hash)
          or (k.lookup_kind = 'sha256' and k.lookup_hash = p_sha256))
     and (k.last_used_at is null or k.last_used_at < now() - interval '1 minute');
  return query
    select k.id, k.user_id, k.permissions,
           (k.expires_at is null or k.expires_at > now()) and not u.disabled
      from api_keys k join users u on u.id = k.user_id
     where (k.lookup_kind = 'hmac' and k.lookup_hash = p_lookup_hash)
        or (k.lookup_kind = 'sha256' and k.lookup_hash = p_sha256);
end
$$;
revoke execute on function auth_resolve_api_key(bytea, bytea) from public;
grant execute on function auth_resolve_api_key(bytea, bytea) to fitness_app;

-- What a re-run compares: a digest of the source row as last imported, and of this
-- server's row right after that import (a different digest now means it was changed here).
alter table import_id_map add column source_digest text, add column target_digest text;

alter table sparkyfitness_import_jobs add column with_auth_secret boolean not null default false;
