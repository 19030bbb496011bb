-- The money desks' daily reconciliation (docs/decisions/024-back-office.md).
-- Each run keeps what it checked and the rows that broke a rule; a run that found any is also
-- an alert the back office lists until someone has looked (the alert row is never deleted).
create table reconciliation_runs (
  id bigint primary key generated always as identity,
  trigger text not null check (trigger in ('job', 'operator')),
  operator_id bigint references operators (id),
  started_at timestamptz not null,
  finished_at timestamptz not null default now(),
  mismatch_count integer not null check (mismatch_count >= 0),
  checks jsonb not null
);
create index reconciliation_runs_finished_idx on reconciliation_runs (finished_at desc, id desc);

create table money_alerts (
  id bigint primary key generated always as identity,
  kind text not null,
  summary text not null,
  run_id bigint references reconciliation_runs (id),
  created_at timestamptz not null default now()
);
create index money_alerts_created_idx on money_alerts (created_at desc, id desc);
