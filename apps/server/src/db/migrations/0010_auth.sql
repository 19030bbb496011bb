-- Accounts and access: e-mail verification and password-reset links, login failure
-- throttling, and the sandbox Google sign-in key.

-- The sign-up payload's token (from the register link's token query parameter), kept with the
-- account like the promo and referral codes.
alter table users add column sign_up_token text;

-- One row per link sent. Only the SHA-256 of the token is stored; a link works once, until
-- expires_at, and only while it is the account's live link of its purpose.
create table account_tokens (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  purpose text not null check (purpose in ('verify_email', 'reset_password')),
  token_hash text not null unique,
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index account_tokens_user_purpose_idx on account_tokens (user_id, purpose, created_at);

-- Failed logins, counted per account (lower-cased e-mail) and per address over a window. In the
-- database so that every server process sees the same counts.
create table login_failures (
  id bigint generated always as identity primary key,
  email text not null,
  ip text not null,
  created_at timestamptz not null default now()
);
create index login_failures_email_idx on login_failures (email, created_at);
create index login_failures_ip_idx on login_failures (ip, created_at);
create index login_failures_created_at_idx on login_failures (created_at);

-- Key pairs of sandbox adapters (the local "Google" that signs test ID tokens), created once and
-- shared by every server process.
create table sandbox_signing_keys (
  name text primary key,
  kid text not null,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now()
);
