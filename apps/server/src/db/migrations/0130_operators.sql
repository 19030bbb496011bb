-- The operator back office (docs/decisions/024-back-office.md): operators are
-- not players. Their own accounts, sessions and sign-in challenges; none of these tables is
-- referenced by the players' side.

-- An operator signs in with e-mail, an argon2id password and a TOTP code. `totp_secret` is the
-- authenticator's secret sealed with AES-256-GCM (modules/admin/secret-box.ts), never stored in
-- the clear; null until the operator enrols at the first sign-in (or after an admin reset it).
-- `totp_last_step` is the 30-second step of the last code accepted: a code is used once.
create table operators (
  id bigint generated always as identity primary key,
  email text not null,
  display_name text not null,
  password_hash text not null,
  roles text[] not null,
  totp_secret text,
  totp_enrolled_at timestamptz,
  totp_last_step bigint,
  disabled_at timestamptz,
  created_by bigint references operators (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_login_at timestamptz,
  constraint operators_roles_check check (
    cardinality(roles) > 0 and roles <@ array['support', 'payments', 'compliance', 'content', 'admin']::text[]
  ),
  constraint operators_totp_check check ((totp_secret is null) = (totp_enrolled_at is null))
);
create unique index operators_email_lower_key on operators (lower(email));

-- Operator sessions: an opaque token in its own cookie, stored as its SHA-256 only, with an idle
-- and an absolute timeout much shorter than a player's (ADMIN_SESSION_* settings).
create table operator_sessions (
  id bigint generated always as identity primary key,
  operator_id bigint not null references operators (id),
  token_hash text not null unique,
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index operator_sessions_operator_idx on operator_sessions (operator_id);

-- Between the right password and the right code: a short-lived challenge (its token in a cookie,
-- stored as a hash). A first sign-in carries the new, sealed secret until its first code confirms it.
create table operator_login_challenges (
  id bigint generated always as identity primary key,
  operator_id bigint not null references operators (id),
  token_hash text not null unique,
  enrol_secret text,
  failed_attempts integer not null default 0,
  ip text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index operator_login_challenges_operator_idx on operator_login_challenges (operator_id, created_at);
