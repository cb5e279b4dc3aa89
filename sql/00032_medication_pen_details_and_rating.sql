-- What a SparkyFitness 1.6.2 medication, pen and symptom hold that had no home here (issue 35).

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

-- How a custom symptom is scored (that server's four scales), in which unit, and whether it
-- is one to watch on a GLP-1 medication.
alter table user_symptoms
  add column scale_type text not null default '1-10'
    check (scale_type in ('1-10', 'none-severe', 'count', 'text')),
  add column unit text check (length(unit) <= 20),
  add column is_glp1_flagged boolean not null default false;

-- An entry of a counted symptom holds the count as its severity, and one described in words
-- may have none (that server stores both so).
alter table symptom_entries alter column severity drop not null;
alter table symptom_entries drop constraint symptom_entries_severity_check;
alter table symptom_entries add constraint symptom_entries_severity_check check (severity >= 0);
