-- What a SparkyFitness 1.6.2 medication and pen hold that had no home here (issue 35).

-- How well the medication works for the person: that server's web client shows 1 to 5 stars.
alter table medications
  add column effectiveness_rating smallint check (effectiveness_rating between 1 and 5);

-- A pen or a vial, its dose and concentration, its volume, the maker's expiry date (days
-- usable after opening stay the discard date counted from opening), and whether to reorder
-- (at how many doses left).
alter table medication_pens
  add column kind text not null default 'pen' check (kind in ('pen', 'vial')),
  add column dose_mg double precision check (dose_mg >= 0),
  add column concentration_mg_ml double precision check (concentration_mg_ml >= 0),
  add column volume_ml double precision check (volume_ml >= 0),
  add column expiry_date date,
  add column reorder_flag boolean not null default false,
  add column reorder_threshold integer check (reorder_threshold >= 0);
