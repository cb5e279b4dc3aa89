-- An exercise of the user's own that was deleted while workouts, presets or plans still
-- name it: kept for them, left out of the exercise search and suggestions (issue 45: a
-- custom exercise deleted in SparkyFitness, as that server hides one in use).
alter table exercises add column is_hidden boolean not null default false;
