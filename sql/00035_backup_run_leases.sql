-- A running backup renews its run's lease every minute. A run still open after its lease ran
-- out was abandoned by a process that died (kill -9, a crash, a database it could not reach to
-- record the end); the next claim, by any server on this database, closes it with an error.
-- Rows open at upgrade get a full lease, so a backup an older process still runs is not closed.
alter table backup_runs
  add column lease_until timestamptz not null default now() + interval '10 minutes';
