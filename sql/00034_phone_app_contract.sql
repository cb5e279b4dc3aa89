-- The phone app offers AI unit conversions unless the user turned them off
-- (`ai_assisted_conversions !== false`), and that server's column defaults to true; now that
-- /api/ai/convert-unit honours the preference, a new account starts with it on too.
alter table user_preferences alter column ai_assisted_conversions set default true;

-- What a food contains and may contain (that server's allergen tracking): a variant's lists,
-- copied into a diary entry's snapshot at log time like its nutrients.
alter table food_variants add column allergens text[], add column traces text[];
alter table food_entries add column allergens text[], add column traces text[];
