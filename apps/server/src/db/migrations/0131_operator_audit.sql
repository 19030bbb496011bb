-- The audit trail of the back office: every operator action and every sign-in,
-- successful or not. Append-only, enforced by the database: row triggers refuse UPDATE and DELETE,
-- a statement trigger refuses TRUNCATE, which fires no row trigger
-- (db/functions/operator_audit_append_only.sql), and the server's role (casino_app, 0052) may only
-- read and insert. `at` is UTC (timestamptz).
create table operator_audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- null for a failed sign-in with an e-mail no operator has; the e-mail is kept as typed.
  operator_id bigint references operators (id),
  operator_email text,
  action text not null,
  target_type text not null,
  target_id text,
  before jsonb,
  after jsonb,
  reason text,
  ip text,
  user_agent text
);
-- The audit page's filters, each newest first: everything, by operator, by action (exact or a
-- prefix such as 'player.'), by target.
create index operator_audit_log_at_idx on operator_audit_log (at desc, id desc);
create index operator_audit_log_operator_idx on operator_audit_log (operator_id, at desc, id desc);
create index operator_audit_log_action_idx on operator_audit_log (action text_pattern_ops, at desc, id desc);
create index operator_audit_log_target_idx on operator_audit_log (target_type, target_id, at desc, id desc);

-- The server's role reads and appends, nothing else (0052 granted update and delete by default).
revoke update, delete, truncate on operator_audit_log from casino_app;
