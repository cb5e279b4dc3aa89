-- Answers to writes sent with an Idempotency-Key header, kept a day: a client that resends
-- a write (the web client's offline outbox after a lost answer) gets the first answer back
-- and nothing is stored twice. Rows belong to who acted (a family member acting for an
-- owner keeps their own); owner_id is part of what the key must match.
create table idempotency_keys (
  actor_id uuid not null references users (id) on delete cascade,
  key text not null check (length(key) between 1 and 200),
  owner_id uuid not null references users (id) on delete cascade,
  method text not null,
  path text not null,
  status integer not null,
  body text not null,
  content_type text not null,
  created_at timestamptz not null default now(),
  primary key (actor_id, key)
);
create index idempotency_keys_created_at on idempotency_keys (created_at);
select app_protect_table('idempotency_keys');
create policy idempotency_keys_actor on idempotency_keys to fitness_app
  using (actor_id = app_actor_id())
  with check (actor_id = app_actor_id());
grant select, insert, update, delete on idempotency_keys to fitness_app;
