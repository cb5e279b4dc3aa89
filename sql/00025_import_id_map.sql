-- Which row an imported export row became: keyed by the exporting account and the row's
-- table and id there, so importing the same archive again adds nothing, and rows of a
-- later archive that point at earlier ones find them.
create table import_id_map (
  user_id uuid not null references users (id) on delete cascade,
  source_user_id uuid not null,
  source_table text not null,
  source_id text not null,
  target_id text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, source_user_id, source_table, source_id)
);
select app_protect_user_table('import_id_map', 'owner_only');

-- The import draws water container ids ahead (rows pointing at them come in the same run).
grant usage on sequence water_containers_id_seq to fitness_app;
