create table site_config (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);
