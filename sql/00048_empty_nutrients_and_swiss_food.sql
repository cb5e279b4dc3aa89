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
