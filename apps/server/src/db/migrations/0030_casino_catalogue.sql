-- The games catalogue (docs/ARCHITECTURE.md 'Games'): providers, sub-categories, games, the
-- games of each sub-category, and each player's favourites. Every list query of the lobby reads
-- through an index named here.
create extension if not exists pg_trgm;

-- masterCasinoProviderId is the id; masterGameAggregatorId says which game server runs its games.
create table casino_providers (
  id bigint generated always as identity primary key,
  slug text not null unique,
  name text not null,
  is_active boolean not null default true,
  thumbnail_url text not null,
  aggregator_id integer not null,
  order_id integer not null default 0,
  created_at timestamptz not null default now()
);
create index casino_providers_order_idx on casino_providers (order_id, id);

create table casino_sub_categories (
  id bigint generated always as identity primary key,
  slug text not null unique,
  name text not null,
  image_url text not null,
  is_featured boolean not null default false,
  is_active boolean not null default true,
  order_id integer not null default 0,
  created_at timestamptz not null default now()
);
-- /games/category/{subCategoryName} finds its sub-category by name, ignoring case.
create unique index casino_sub_categories_name_key on casino_sub_categories (lower(name));
create index casino_sub_categories_order_idx on casino_sub_categories (order_id, id) where is_active;

-- masterCasinoGameId is the id; identifier is the game's code on its game server (for the
-- in-house server, the title id of rgs/math).
create table casino_games (
  id bigint generated always as identity primary key,
  identifier text not null unique,
  name text not null,
  provider_id bigint not null references casino_providers (id),
  game_type text not null check (game_type in ('slot', 'scratch')),
  image_url text not null,
  is_active boolean not null default true,
  order_id integer not null default 0,
  created_at timestamptz not null default now()
);
-- Search: a trigram index answers "name contains" for three characters or more (GiST rather than
-- GIN: at catalogue sizes the planner prices a GIN scan above a sequential scan and would not use
-- it; see docs/decisions/005-game-server-and-wallet-api.md). Shorter terms match the start of the name through
-- the pattern index on lower(name).
create index casino_games_name_trgm_idx on casino_games using gist (name gist_trgm_ops);
create index casino_games_name_prefix_idx on casino_games (lower(name) text_pattern_ops);
-- All Games, in lobby order, and the provider filter.
create index casino_games_order_idx on casino_games (order_id, id) where is_active;
create index casino_games_provider_order_idx on casino_games (provider_id, order_id, id) where is_active;

create table casino_sub_category_games (
  sub_category_id bigint not null references casino_sub_categories (id),
  game_id bigint not null references casino_games (id),
  order_id integer not null default 0,
  primary key (sub_category_id, game_id)
);
create index casino_sub_category_games_order_idx on casino_sub_category_games (sub_category_id, order_id, game_id);
create index casino_sub_category_games_game_idx on casino_sub_category_games (game_id);

-- A favourite is a row; removing it deletes the row (seed 000 section 4 'Favourites').
create table casino_favorite_games (
  user_id bigint not null references users (id),
  game_id bigint not null references casino_games (id),
  created_at timestamptz not null default now(),
  primary key (user_id, game_id)
);
create index casino_favorite_games_user_created_idx on casino_favorite_games (user_id, created_at desc, game_id);
