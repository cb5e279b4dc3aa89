#!/bin/sh
# Restores the second database (tests/fixtures/sparkyfitness-second/) for the real
# SparkyFitness 1.6.2 server to serve again (run-old-server.sh), with its uploads in
# $SPARKY_DIR/sparky-uploads. The dump has no owners: that server migrates at start and
# refuses ("permission denied for schema system") unless its owner role owns every schema,
# table, sequence, function and type, so they are handed to it here. Run from the
# repository root; needs a PostgreSQL superuser (postgres) on 127.0.0.1.
set -eu
SPARKY_DIR=${SPARKY_DIR:-/tmp/sparky}
DB=${SPARKY_DB:-sparky_second}
FIXTURE=tests/fixtures/sparkyfitness-second
PSQL="psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -q"
$PSQL -d postgres <<SQL
drop database if exists $DB with (force);
do \$\$ begin
  if not exists (select 1 from pg_roles where rolname = 'sparky_second_owner') then
    create role sparky_second_owner login createrole password 'owner-pass';
  end if;
end \$\$;
create database $DB owner sparky_second_owner;
SQL
gunzip -c "$FIXTURE/database.sql.gz" | $PSQL -d "$DB" >/dev/null
$PSQL -d "$DB" <<'SQL'
do $$
declare r record;
begin
  for r in select nspname from pg_namespace where nspname in ('public', 'auth', 'system') loop
    execute format('alter schema %I owner to sparky_second_owner', r.nspname);
  end loop;
  for r in select n.nspname, c.relname, c.relkind from pg_class c
             join pg_namespace n on n.oid = c.relnamespace
            where n.nspname in ('public', 'auth', 'system') and c.relkind in ('r', 'p', 'S', 'v', 'm')
              and pg_get_userbyid(c.relowner) <> 'sparky_second_owner'
            order by c.relkind = 'S' loop
    execute format('alter %s %I.%I owner to sparky_second_owner',
      case r.relkind when 'S' then 'sequence' when 'v' then 'view'
                     when 'm' then 'materialized view' else 'table' end, r.nspname, r.relname);
  end loop;
  for r in select p.oid::regprocedure as fn, p.prokind from pg_proc p
             join pg_namespace n on n.oid = p.pronamespace
            where n.nspname in ('public', 'auth', 'system') loop
    execute format('alter %s %s owner to sparky_second_owner',
      case r.prokind when 'p' then 'procedure' else 'function' end, r.fn);
  end loop;
  for r in select n.nspname, t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
            where n.nspname in ('public', 'auth', 'system') and t.typtype in ('e', 'd', 'c')
              and not exists (select 1 from pg_class c where c.reltype = t.oid) loop
    execute format('alter type %I.%I owner to sparky_second_owner', r.nspname, r.typname);
  end loop;
end $$;
SQL
rm -rf "$SPARKY_DIR/sparky-uploads"
mkdir -p "$SPARKY_DIR"
tar -xzf "$FIXTURE/uploads.tgz" -C "$SPARKY_DIR"
echo "restored $DB and $SPARKY_DIR/sparky-uploads"
