import type { Source } from "./source.ts";

/** Tables every SparkyFitness release has: a database without them is not that server's. */
const SIGNATURE_TABLES = [
  'public."user"',
  "public.account",
  "public.user_preferences",
  "public.check_in_measurements",
];

/**
 * Refuses a source that is not that server's schema, or a role its row-level security
 * limits: that server's application role sees no one's rows, so an import through it would
 * find nothing and report success. Runs before anything is written here.
 */
export async function checkSource(src: Source): Promise<void> {
  const missing = await missingTables(src);
  if (missing.length > 0)
    throw new Error(
      `This database is not a SparkyFitness database (it has no ${missing.join(", ")}): ` +
        "connect to the database that server uses (SPARKY_FITNESS_DB_NAME).",
    );
  const limited = await tablesLimitedByRowSecurity(src);
  if (limited.role)
    throw new Error(
      `The source connects as "${limited.role}", which that server's row-level security limits ` +
        `on ${limited.count} tables (such as ${limited.example}): connect as the database owner ` +
        "(that server's SPARKY_FITNESS_DB_USER, not its application role SPARKY_FITNESS_APP_DB_USER) " +
        "or a superuser.",
    );
}

async function missingTables(src: Source): Promise<string[]> {
  const rows = await src<{ name: string; found: boolean }[]>`
    select name, to_regclass(name) is not null as found from unnest(${SIGNATURE_TABLES}::text[]) as name`;
  return rows.filter((r) => !r.found).map((r) => r.name);
}

/**
 * The tables whose rows this role does not fully see: row security on, and the role neither
 * a superuser, nor allowed to bypass it, nor the (unforced) owner.
 */
async function tablesLimitedByRowSecurity(src: Source) {
  const [row] = await src<{ role: string; count: number; example: string | null }[]>`
    select current_user::text as role, count(*)::int as count,
           min(format('%I.%I', n.nspname, c.relname)) as example
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'auth') and c.relkind in ('r', 'p') and c.relrowsecurity
       and not exists (select 1 from pg_roles r where r.rolname = current_user
                                              and (r.rolsuper or r.rolbypassrls))
       and (c.relforcerowsecurity or not pg_has_role(current_user, c.relowner, 'USAGE'))`;
  return { role: row!.count > 0 ? row!.role : null, count: row!.count, example: row!.example };
}
