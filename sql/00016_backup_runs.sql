-- Scheduled backups, one row per run. Several servers on one database take turns: a run is
-- claimed in a transaction holding an advisory lock, and only when no run started within
-- the interval. No user data lives here, so the application role gets no access at all.
create table backup_runs (
  id bigint generated always as identity primary key,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  file_name text not null,
  error text
);
create index backup_runs_started_at on backup_runs (started_at desc);
