-- The built-in food catalogue (USDA SR24, src/builtin-foods): one shared copy for every account,
-- filled by the server on first start and whenever its data changes (load.ts), never by the
-- app role, which may only read it. A schema of its own keeps it out of backups, which copy
-- the application's tables: the binary carries the data anyway.
create schema catalogue;
grant usage on schema catalogue to fitness_app;

create table catalogue.builtin_foods (
  id uuid primary key,
  ndb text not null unique,
  name text not null,
  -- The words of the name's first comma-separated part ("banana" of "Bananas, raw"),
  -- lower-cased, accents removed, plurals made singular (foods/search-text.ts).
  head_words text not null,
  word_count integer not null,
  -- Values per 100 g by nutrient column, minerals and vitamins in custom_nutrients.
  per_100g jsonb not null,
  -- Household measures: [{ "amount": 1, "name": "medium", "grams": 118 }, ...].
  measures jsonb not null
);

-- Each word of each name once, for prefix matching by index (word >= 'ban' and < 'ban' || max).
-- Written only with builtin_foods, in the same transaction: no foreign key to check 50,000 times.
create table catalogue.builtin_food_words (
  word text collate "C" not null,
  ndb text not null,
  primary key (word, ndb)
);

-- Which data the catalogue holds: a start skips loading when the digest is unchanged.
create table catalogue.loaded_data (
  name text primary key,
  digest text not null,
  food_count integer not null,
  loaded_at timestamptz not null default now()
);

grant select on catalogue.builtin_foods, catalogue.builtin_food_words, catalogue.loaded_data
  to fitness_app;

-- A person's micronutrient targets: the Dietary Reference Intakes for their age, sex and life
-- stage (src/micronutrients/dri.ts) unless set here. life_stage: lactation (or pregnancy)
-- when told; an active pregnancy counts without it. targets: { "Magnesium": 350, ... }.
create table micronutrient_targets (
  user_id uuid primary key references users (id) on delete cascade,
  life_stage text check (life_stage in ('pregnancy', 'lactation')),
  targets jsonb not null default '{}' check (jsonb_typeof(targets) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
select app_protect_user_table('micronutrient_targets', 'can_manage_diary');
