-- The player's account mails (receipt, redemption, password, verification, breaks, new device) are
-- written by the outbox's mail subscriber in the delivery that marks their event delivered, and sent
-- after that commit (docs/decisions/062-player-mails.md). A row is the mail still to send: it is
-- deleted once the mailer accepted it, so no copy of a sent mail stays here. event_id is unique: an
-- event queues its mail once whatever the deliveries. A mail the mailer keeps refusing is set aside
-- (failed_at) for an operator after its last attempt.
create table player_mail_queue (
  id bigint primary key generated always as identity,
  event_id bigint not null unique,
  user_id bigint not null references users (id),
  template text not null,
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  failed_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create index player_mail_queue_due_idx on player_mail_queue (next_attempt_at, id) where failed_at is null;
