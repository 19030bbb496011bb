-- The demo content's versions (docs/decisions/008): one row per seed step (site config, CMS pages,
-- bonus settings, games, banners) with the last version written. A step runs when its version in
-- code is above the recorded one, and only its newer versions run, so rows an operator edited or
-- deleted stay as the operator left them across restarts.
create table seed_versions (
  step text primary key,
  version integer not null check (version > 0),
  applied_at timestamptz not null default now()
);
