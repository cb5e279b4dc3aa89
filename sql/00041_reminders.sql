-- Reminders that reach people: Web Push subscriptions, each person's reminder settings, and
-- one row per reminder sent on a channel, so any number of servers send each one once.

-- Settings (user_preferences is already protected). A kind is on for a channel when listed;
-- email also needs reminder_email. Quiet hours (HH:MM to HH:MM, may cross midnight) hold
-- reminders back until they end; water reminds at water_reminder_time when behind the goal.
alter table user_preferences
  add column water_reminder_time text
    check (water_reminder_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  add column reminder_email boolean not null default false,
  add column reminder_push_kinds text[] not null
    default array['meal', 'weigh_in', 'medication', 'water', 'fast']
    check (reminder_push_kinds <@ array['meal', 'weigh_in', 'medication', 'water', 'fast']),
  add column reminder_email_kinds text[] not null
    default array['meal', 'weigh_in', 'medication', 'water', 'fast']
    check (reminder_email_kinds <@ array['meal', 'weigh_in', 'medication', 'water', 'fast']),
  add column quiet_hours_start text
    check (quiet_hours_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  add column quiet_hours_end text
    check (quiet_hours_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');

-- A browser's PushSubscription (RFC 8030 endpoint, RFC 8291 keys), the person's own: never
-- shared with a family member, who cannot subscribe on the owner's behalf either.
create table push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  endpoint text not null check (endpoint ~ '^https?://' and length(endpoint) <= 2048),
  p256dh text not null check (length(p256dh) between 80 and 100),
  auth text not null check (length(auth) between 16 and 30),
  user_agent text check (length(user_agent) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_sent_at timestamptz,
  unique (user_id, endpoint)
);
select app_protect_user_table('push_subscriptions', 'owner_only');

-- A reminder on one channel: claimed by inserting the row with a lease (a unique key, so one
-- server wins), marked sent after. A claim whose lease ran out without being sent (a server
-- that died, a push service that failed) may be claimed again, a few times at most.
-- subject tells apart reminders of one kind due at one instant (a medication's schedule).
create table reminder_deliveries (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  kind text not null check (kind in ('meal', 'weigh_in', 'medication', 'water', 'fast')),
  subject text not null default '',
  due_at timestamptz not null,
  channel text not null check (channel in ('push', 'email')),
  lease_until timestamptz,
  attempts integer not null default 1,
  sent_at timestamptz,
  error text,
  created_at timestamptz not null default now(),
  unique (user_id, kind, subject, due_at, channel)
);
create index reminder_deliveries_due on reminder_deliveries (due_at);
select app_protect_user_table('reminder_deliveries', 'owner_only');

-- The accounts the reminder scheduler looks at: enabled, with a device subscribed or email
-- reminders on. SECURITY DEFINER because the scheduler acts for no one user; everything else
-- it reads and writes runs as each person, under RLS.
create function app_reminder_recipients() returns setof uuid
  language sql stable security definer set search_path = public
  as $$
    select u.id from users u
      join user_preferences p on p.user_id = u.id
     where not u.disabled
       and (p.reminder_email or exists (select 1 from push_subscriptions s where s.user_id = u.id))
  $$;
revoke execute on function app_reminder_recipients() from public;
grant execute on function app_reminder_recipients() to fitness_app;
