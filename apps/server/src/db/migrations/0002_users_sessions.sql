-- Players and their sessions. Usernames and e-mails are unique ignoring case.
create table users (
  id bigint generated always as identity primary key,
  username text not null,
  email text not null,
  password_hash text,
  google_subject text unique,
  email_verified_at timestamptz,
  first_name text,
  middle_name text,
  last_name text,
  date_of_birth date,
  gender text,
  address_line_1 text,
  address_line_2 text,
  city text,
  state text,
  country text,
  zip_code text,
  phone text,
  phone_verified boolean not null default false,
  profile_image text,
  promo_code text,
  friends_referral_code text,
  marketing_consent boolean not null default false,
  terms_accepted_at timestamptz,
  sign_up_platform text,
  sign_up_browser text,
  sign_in_ip text,
  kyc_status text not null default 'pending',
  id_comply_status text,
  kyc_registration_flag boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_username_lower_key on users (lower(username));
create unique index users_email_lower_key on users (lower(email));

create table sessions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  token_hash text not null unique,
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_id_idx on sessions (user_id);
