-- Phone verification. One open one-time code per player: only its HMAC is kept
-- (never the code), with its expiry, the wrong guesses counted, and when it was sent (the resend
-- delay). users.phone holds the 10 national digits once verified.
create table phone_otp_challenges (
  user_id bigint primary key references users (id),
  phone text not null,
  code_hash text not null,
  failed_attempts integer not null default 0,
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null
);

-- A number verified by one player cannot be verified by another: two players verifying the same
-- number at once both pass a read, so the database decides (a unique index, not a check).
create unique index users_verified_phone_key on users (phone) where phone_verified;

-- The sandbox SMS adapter's outbox (docs/ARCHITECTURE.md 'Vendors behind adapters'), read at /api/v1/dev/sms and /dev/sms.
create table sandbox_sms_outbox (
  id bigint generated always as identity primary key,
  to_phone text not null,
  body text not null,
  sent_at timestamptz not null default now()
);
create index sandbox_sms_outbox_sent_at_idx on sandbox_sms_outbox (sent_at desc, id desc);
create index sandbox_sms_outbox_to_idx on sandbox_sms_outbox (to_phone, sent_at desc);
