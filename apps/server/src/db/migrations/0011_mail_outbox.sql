-- The sandbox mail adapter's outbox (docs/ARCHITECTURE.md 'Vendors behind adapters'): every message the server would have
-- sent by SMTP, readable at /api/v1/dev/mail and /dev/mail while the sandbox is in use.
create table sandbox_mail_outbox (
  id bigint generated always as identity primary key,
  to_address text not null,
  from_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  sent_at timestamptz not null default now()
);
create index sandbox_mail_outbox_sent_at_idx on sandbox_mail_outbox (sent_at desc, id desc);
create index sandbox_mail_outbox_to_idx on sandbox_mail_outbox (lower(to_address), sent_at desc);
