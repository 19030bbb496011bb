-- Attempt counters: one row per throttled key (an account-and-address
-- pair, an address, an account, a mail cooldown), counted by a single upsert so that concurrent
-- requests cannot all pass a check made before any of them was counted. Replaces the
-- check-then-insert log of login failures.
create table attempt_counters (
  key text primary key,
  attempts integer not null,
  window_started_at timestamptz not null,
  last_attempt_at timestamptz not null
);
create index attempt_counters_window_idx on attempt_counters (window_started_at);

drop table login_failures;
