-- Imports from a SparkyFitness server started from the admin page, one row per run, with
-- its progress lines and closing summary for the page to poll. The source URL is stored
-- without its password and the other server's key is never stored: both live only in the
-- memory of the server running the job. No user data lives here, so the application role
-- gets no access at all (admin routes read it through the owner connection).
create table sparkyfitness_import_jobs (
  id uuid primary key default gen_random_uuid(),
  started_by uuid references users (id) on delete set null,
  source_url text not null,
  uploads_dir text,
  only_email text,
  dry_run boolean not null,
  with_api_key_secret boolean not null,
  status text not null default 'running' check (status in ('running', 'finished', 'failed')),
  progress text[] not null default '{}',
  summary text[],
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index sparkyfitness_import_jobs_created on sparkyfitness_import_jobs (created_at desc);
