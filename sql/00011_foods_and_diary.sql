-- Foods, the food diary, meal templates and logged meals (issue 10).
-- Nutrient values are per serving of a variant, as the phone app reads them; a diary
-- entry keeps a snapshot of them (and of the name, brand and images) taken at log time,
-- so later edits of the food do not change the past. Images are an ordered jsonb array of
-- server-relative upload paths or remote URLs.

create table meal_types (
  id uuid primary key default gen_random_uuid(),
  -- Null for the four built-in types every user sees.
  user_id uuid references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  sort_order integer not null default 100,
  is_visible boolean not null default true,
  show_in_quick_log boolean not null default true,
  default_time time,
  created_at timestamptz not null default now()
);
create unique index meal_types_name on meal_types (coalesce(user_id, '00000000-0000-0000-0000-000000000000'), lower(name));
insert into meal_types (user_id, name, sort_order, default_time) values
  (null, 'breakfast', 1, '08:00'), (null, 'lunch', 2, '12:30'),
  (null, 'dinner', 3, '19:00'), (null, 'snacks', 4, null);

create table foods (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 500),
  brand text,
  barcode text,
  provider_type text,
  provider_external_id text,
  is_custom boolean not null default true,
  -- Hidden from the library; a food with diary entries is hidden rather than deleted.
  is_quick_food boolean not null default false,
  provider_verified boolean not null default false,
  images jsonb not null default '[]' check (jsonb_typeof(images) = 'array'),
  -- Lower-cased, accents removed (in the application), for case- and accent-insensitive search.
  search_text text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index foods_user_barcode on foods (user_id, barcode) where barcode is not null;
create index foods_user_provider on foods (user_id, provider_type, provider_external_id)
  where provider_external_id is not null;
create index foods_user_updated on foods (user_id, updated_at desc);

create table food_variants (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  food_id uuid not null references foods (id) on delete cascade,
  serving_size double precision not null check (serving_size > 0),
  serving_unit text not null check (length(serving_unit) between 1 and 50),
  calories double precision not null default 0,
  protein double precision not null default 0,
  carbs double precision not null default 0,
  fat double precision not null default 0,
  saturated_fat double precision, polyunsaturated_fat double precision,
  monounsaturated_fat double precision, trans_fat double precision,
  cholesterol double precision, sodium double precision, potassium double precision,
  dietary_fiber double precision, sugars double precision, vitamin_a double precision,
  vitamin_c double precision, calcium double precision, iron double precision,
  glycemic_index text,
  custom_nutrients jsonb not null default '{}' check (jsonb_typeof(custom_nutrients) = 'object'),
  is_default boolean not null default false,
  source text not null default 'manual' check (source in ('manual', 'ai_estimate', 'imported')),
  ai_confidence text check (ai_confidence in ('high', 'medium', 'low')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index food_variants_food on food_variants (food_id);
-- One default variant per food.
create unique index food_variants_one_default on food_variants (food_id) where is_default;

create table meals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 255),
  description text,
  is_public boolean not null default false,
  serving_size double precision not null default 1 check (serving_size > 0),
  serving_unit text not null default 'serving',
  total_servings double precision not null default 1 check (total_servings > 0),
  images jsonb not null default '[]' check (jsonb_typeof(images) = 'array'),
  search_text text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index meals_user on meals (user_id, updated_at desc);

create table meal_foods (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  meal_id uuid not null references meals (id) on delete cascade,
  food_id uuid not null references foods (id) on delete cascade,
  variant_id uuid not null references food_variants (id) on delete cascade,
  quantity double precision not null check (quantity > 0),
  unit text not null,
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);
create index meal_foods_meal on meal_foods (meal_id, sort_order);

create table food_entry_meals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  meal_template_id uuid references meals (id) on delete set null,
  meal_type_id uuid not null references meal_types (id),
  entry_date date not null,
  entry_time time,
  name text not null check (length(name) between 1 and 255),
  description text,
  quantity double precision not null default 1 check (quantity > 0),
  unit text not null default 'serving',
  images jsonb not null default '[]' check (jsonb_typeof(images) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index food_entry_meals_day on food_entry_meals (user_id, entry_date);

create table food_entries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  -- A hard-deleted food takes its entries with it (rule 9); a hidden one keeps them.
  food_id uuid references foods (id) on delete cascade,
  variant_id uuid references food_variants (id) on delete set null,
  meal_type_id uuid not null references meal_types (id),
  food_entry_meal_id uuid references food_entry_meals (id) on delete cascade,
  meal_id uuid references meals (id) on delete set null,
  entry_date date not null,
  entry_time time,
  quantity double precision not null check (quantity > 0),
  unit text not null,
  food_name text not null,
  brand_name text,
  serving_size double precision not null check (serving_size > 0),
  serving_unit text not null,
  calories double precision not null default 0,
  protein double precision not null default 0,
  carbs double precision not null default 0,
  fat double precision not null default 0,
  saturated_fat double precision, polyunsaturated_fat double precision,
  monounsaturated_fat double precision, trans_fat double precision,
  cholesterol double precision, sodium double precision, potassium double precision,
  dietary_fiber double precision, sugars double precision, vitamin_a double precision,
  vitamin_c double precision, calcium double precision, iron double precision,
  glycemic_index text,
  custom_nutrients jsonb not null default '{}' check (jsonb_typeof(custom_nutrients) = 'object'),
  images jsonb not null default '[]' check (jsonb_typeof(images) = 'array'),
  source text,
  -- Order within one insert (a logged meal's foods share created_at).
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index food_entries_day on food_entries (user_id, entry_date, created_at);
create index food_entries_food on food_entries (food_id, created_at desc);
create index food_entries_meal on food_entries (food_entry_meal_id) where food_entry_meal_id is not null;

-- Nutrients a user adds beyond the built-in ones; variants carry their values in custom_nutrients by name.
create table user_custom_nutrients (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  unit text not null check (length(unit) between 1 and 20),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index user_custom_nutrients_name on user_custom_nutrients (user_id, lower(name));

create table favorites (
  user_id uuid not null references users (id) on delete cascade,
  item_type text not null check (item_type in ('food', 'meal')),
  item_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (user_id, item_type, item_id)
);

-- Remote images of a saved food waiting to be downloaded into the uploads tree. Written
-- in the save's transaction, claimed after the commit with FOR UPDATE SKIP LOCKED so two
-- servers never download the same food's images twice.
create table food_image_jobs (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  food_id uuid not null references foods (id) on delete cascade,
  claimed_at timestamptz,
  created_at timestamptz not null default now()
);
create index food_image_jobs_user on food_image_jobs (user_id, id);

select app_protect_user_table('meal_types', 'can_manage_diary');
-- Everyone reads the built-in types; only migrations write them.
create policy meal_types_builtin on meal_types for select to fitness_app using (user_id is null);
select app_protect_user_table('foods', 'can_manage_diary', 'can_view_food_library');
select app_protect_user_table('food_variants', 'can_manage_diary', 'can_view_food_library');
select app_protect_user_table('meals', 'can_manage_diary', 'can_view_food_library');
select app_protect_user_table('meal_foods', 'can_manage_diary', 'can_view_food_library');
select app_protect_user_table('food_entry_meals', 'can_manage_diary');
select app_protect_user_table('food_entries', 'can_manage_diary');
select app_protect_user_table('favorites', 'can_manage_diary');
select app_protect_user_table('user_custom_nutrients', 'can_manage_diary', 'can_view_food_library');
select app_protect_user_table('food_image_jobs', 'can_manage_diary');
grant usage on sequence food_image_jobs_id_seq to fitness_app;
