-- What the same routes answer as SparkyFitness did, where its phone app expects it (issue 45's
-- second database, README "Switching from SparkyFitness").

-- Whole-number categories (Garmin's floors, training readiness) keep that type: entries of
-- one refuse a fraction.
alter table custom_measurement_categories
  drop constraint custom_measurement_categories_data_type_check,
  add constraint custom_measurement_categories_data_type_check
    check (data_type in ('numeric', 'integer', 'text'));

-- A container in litres says `liter`, the phone app's and the display preference's spelling.
alter table water_containers drop constraint water_containers_unit_check;
update water_containers set unit = 'liter' where unit = 'l';
alter table water_containers
  add constraint water_containers_unit_check check (unit in ('ml', 'liter', 'oz'));
-- An archive exported before this release still says `l`: it comes in as `liter`.
create function water_containers_liter() returns trigger language plpgsql as $$
begin
  if new.unit = 'l' then new.unit := 'liter'; end if;
  return new;
end
$$;
create trigger water_containers_liter before insert on water_containers
  for each row execute function water_containers_liter();

-- The built-in meal types are the phone app's anchors 10, 20, 30 and 40: it places a person's
-- own types in the slots between them (11-19, 21-29, 31-39).
update meal_types set sort_order = sort_order * 10
 where user_id is null and name in ('breakfast', 'lunch', 'dinner', 'snacks') and sort_order <= 4;
