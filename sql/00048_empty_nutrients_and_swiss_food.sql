-- A main nutrient (calories, protein, carbs, fat) left empty stays not given, as SparkyFitness
-- keeps it (issue 45): null, not 0. Totals count a null as nothing.
alter table food_variants
  alter column calories drop not null, alter column calories drop default,
  alter column protein drop not null, alter column protein drop default,
  alter column carbs drop not null, alter column carbs drop default,
  alter column fat drop not null, alter column fat drop default;
alter table food_entries
  alter column calories drop not null, alter column calories drop default,
  alter column protein drop not null, alter column protein drop default,
  alter column carbs drop not null, alter column carbs drop default,
  alter column fat drop not null, alter column fat drop default;

-- Every account has the Swiss Food Database, as SparkyFitness gives its users (see
-- src/providers/default-providers.ts; a food search asks it only when the person picks it):
-- accounts made before this release get it too, unless they already have one of that type.
insert into external_providers (user_id, provider_name, provider_type)
select u.id, 'Swiss Food Database', 'swissfood'
  from users u
 where not exists (select 1 from external_providers p
                    where p.user_id = u.id and p.provider_type = 'swissfood');
