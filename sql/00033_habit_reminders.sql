-- Reminders a person sets for their habits: the local time of day (HH:MM, in the profile's
-- zone) after which the client reminds them to log meals or to weigh in, when that is not
-- yet done today; null means no reminder. user_preferences is already protected.
alter table user_preferences
  add column meal_reminder_time text
    check (meal_reminder_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  add column weigh_in_reminder_time text
    check (weigh_in_reminder_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
