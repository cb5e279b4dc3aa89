-- Food providers: each user's provider settings (credentials sealed at rest like API keys),
-- the ones an administrator shares with everyone, FatSecret's premier-scope failure cache,
-- and contributions of a user's product to Open Food Facts.

create table external_providers (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  provider_name text not null check (length(provider_name) between 1 and 100),
  provider_type text not null check (provider_type in ('openfoodfacts', 'usda', 'fatsecret',
    'nutritionix', 'mealie', 'tandoor', 'norish', 'yazio', 'swissfood')),
  -- AES-256-GCM of a JSON object {app_id, app_key}; null when the provider needs none.
  credentials_sealed bytea,
  base_url text check (base_url ~ '^https?://'),
  -- Per-type settings that are not secrets (FatSecret token URL and images add-on, ...).
  options jsonb not null default '{}',
  is_active boolean not null default true,
  sort_order integer not null default 0,
  -- Kept from a family delegate even when share_external_providers is granted.
  is_private boolean not null default false,
  -- Set up by an administrator for every user of the server.
  is_shared boolean not null default false,
  -- Only an administrator turns this on: the base URL may then be on the home network.
  allow_private_network boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index external_providers_user on external_providers (user_id, sort_order);
create index external_providers_shared on external_providers (sort_order) where is_shared;
-- The owner writes; a delegate with share_external_providers reads (and so uses) them.
select app_protect_user_table('external_providers', 'owner_only', 'share_external_providers');
-- ...but never the ones the owner marked private.
create policy external_providers_not_private on external_providers as restrictive
  for select to fitness_app
  using (not is_private or app_actor_id() = user_id or is_shared);
-- Every signed-in user may use the providers an administrator shared.
create policy external_providers_shared_read on external_providers for select to fitness_app
  using (is_shared and app_actor_id() is not null);

-- A failed premier-scope token request per credential (a hash of the client id and token
-- URL, no one's data): for an hour the client asks for the basic scope straight away.
create table provider_scope_failures (
  credential_hash bytea primary key,
  failed_at timestamptz not null default now()
);
select app_protect_table('provider_scope_failures');
create policy provider_scope_failures_app on provider_scope_failures to fitness_app
  using (true) with check (true);
grant select, insert, update, delete on provider_scope_failures to fitness_app;

-- Server-wide switch for contributing to Open Food Facts; off until an administrator
-- enables it. One row, changed through the owner connection only.
create table off_contribution_settings (
  id boolean primary key default true check (id),
  enabled boolean not null default false,
  updated_at timestamptz not null default now()
);
insert into off_contribution_settings default values;
select app_protect_table('off_contribution_settings');
create policy off_contribution_settings_read on off_contribution_settings for select
  to fitness_app using (true);
grant select on off_contribution_settings to fitness_app;

-- One contribution per food: a draft (photo, photo type, language), a preview valid ten
-- minutes with its two confirmations, then the outcome of the one publish attempt.
-- Owner-only: a family delegate never contributes another person's food.
create table off_contributions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  food_id uuid not null references foods (id) on delete cascade,
  state text not null default 'draft'
    check (state in ('draft', 'previewed', 'publishing', 'published', 'uncertain', 'failed')),
  photo text not null,
  photo_type text not null check (photo_type in ('front', 'ingredients', 'nutrition', 'packaging')),
  language text not null check (language ~ '^[a-z]{2}$'),
  preview jsonb,
  preview_expires_at timestamptz,
  confirmed_accuracy boolean not null default false,
  confirmed_photo_rights boolean not null default false,
  result_message text,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (food_id)
);
create index off_contributions_user on off_contributions (user_id);
select app_protect_user_table('off_contributions', 'owner_only');
