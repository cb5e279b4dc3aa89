-- Every account starts with the exercise databases SparkyFitness gives its users (Free
-- Exercise DB and wger; see src/providers/default-providers.ts): accounts made before this
-- release get them too, unless they already have one of that type.
insert into external_providers (user_id, provider_name, provider_type)
select u.id, d.provider_name, d.provider_type
  from users u
 cross join (values ('Free Exercise DB', 'free-exercise-db'), ('Wger', 'wger'))
         as d (provider_name, provider_type)
 where not exists (select 1 from external_providers p
                    where p.user_id = u.id and p.provider_type = d.provider_type);
