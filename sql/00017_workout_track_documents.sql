-- A workout's GPS track as the JSON documents its read route answers, serialized and
-- compressed once. A phone on a mobile network and a web client drawing a map read a track
-- far more often than a device writes it, so reads send these bytes as they are.
--
-- A document belongs to one version of the track row (its xmin): a re-sync that changes the
-- track makes the next read rebuild it, and an identical re-post (which writes nothing) keeps
-- it. Documents are derived data: dropping every row loses nothing.
create table workout_track_documents (
  exercise_entry_id uuid not null references exercise_entries (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  -- 'points' (an object per point) or 'columns' (base time, offsets, an array per channel).
  format text not null check (format in ('points', 'columns')),
  track_version text not null,
  etag text not null,
  -- The JSON text as it is sent: read as text, it reaches the server without hex decoding.
  identity text not null,
  gzip bytea not null,
  brotli bytea not null,
  primary key (exercise_entry_id, format)
);
-- Already compressed, or about to be sent whole: TOAST compression would only cost CPU.
alter table workout_track_documents
  alter column identity set storage external, alter column gzip set storage external,
  alter column brotli set storage external;
select app_protect_user_table('workout_track_documents', 'can_manage_checkin');
