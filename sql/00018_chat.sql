-- The AI assistant: the model the administrator sets up for everyone, a user's own model
-- where the administrator allows it, the chat history and the daily request budget.
-- History, settings and usage are the signed-in person's own: never shared with a family
-- member (spec's never-shared list) and not readable by administrators.

-- One row. Holds no one's data, and the key in it is sealed: the application role reads it
-- to answer chats; only administrators change it, through the owner connection.
create table chat_server_settings (
  id boolean primary key default true check (id),
  provider text not null default 'openai-compatible'
    check (provider in ('openai-compatible', 'anthropic', 'google')),
  base_url text,
  model text,
  api_key_sealed bytea,
  allow_user_settings boolean not null default false,
  -- Model hosts on the home network (a local Ollama) are refused unless this is on.
  allow_private_network boolean not null default false,
  daily_request_limit integer not null default 200 check (daily_request_limit between 1 and 100000),
  max_context_messages integer not null default 20 check (max_context_messages between 1 and 200),
  updated_at timestamptz not null default now()
);
insert into chat_server_settings default values;
select app_protect_table('chat_server_settings');
create policy chat_server_settings_read on chat_server_settings for select to fitness_app
  using (true);
grant select on chat_server_settings to fitness_app;

create table chat_user_settings (
  user_id uuid primary key references users (id) on delete cascade,
  provider text not null check (provider in ('openai-compatible', 'anthropic', 'google')),
  base_url text,
  model text not null,
  api_key_sealed bytea,
  updated_at timestamptz not null default now()
);
select app_protect_user_table('chat_user_settings', 'owner_only');

create table chat_messages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  conversation_id uuid not null,
  role text not null check (role in ('user', 'assistant')),
  content text not null,
  -- The assistant's tool calls of that turn: name, input, and outcome.
  tool_calls jsonb not null default '[]',
  created_at timestamptz not null default clock_timestamp()
);
create index chat_messages_conversation on chat_messages (user_id, conversation_id, created_at);
select app_protect_user_table('chat_messages', 'owner_only');

create table chat_usage (
  user_id uuid not null references users (id) on delete cascade,
  day date not null,
  requests integer not null default 0,
  primary key (user_id, day)
);
select app_protect_user_table('chat_usage', 'owner_only');
