-- The phone app offers AI unit conversions unless the user turned them off
-- (`ai_assisted_conversions !== false`), and that server's column defaults to true; now that
-- /api/ai/convert-unit honours the preference, a new account starts with it on too.
alter table user_preferences alter column ai_assisted_conversions set default true;
