-- Rate-limit counters count every API-key request, reads included. They stay in one table
-- shared by every server process (so the limits stay exact across processes), but the
-- table is no longer WAL-logged: a counter costs no durable write, and losing the counters
-- in a crash only gives every key and address a fresh window.
alter table rate_limit_counters set unlogged;
