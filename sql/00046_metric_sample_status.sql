-- The status word a device gives a day's samples (Garmin's HRV status: BALANCED, UNBALANCED,
-- LOW, POOR, ...), carried from SparkyFitness (issue 45). Null when the source gave none.
alter table health_metric_samples
  add column status text check (status is null or length(status) between 1 and 40);
