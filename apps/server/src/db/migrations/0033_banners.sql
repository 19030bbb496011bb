-- Banners (seed 000 section 3 'Banner'): by page name, visibility 0 before login and 1 after.
-- The artwork is generated from theme (colours and an emblem), served as SVG.
create table banners (
  id bigint generated always as identity primary key,
  slug text not null unique,
  page_name text not null check (page_name in (
    'lobbySlider', 'promotionPage', 'scratchersPage', 'storePage', 'rewardPage', 'lobbyPageReferAFriend', 'lobbyPageScratchers'
  )),
  visibility smallint not null check (visibility in (0, 1)),
  title text not null,
  subtitle text not null default '',
  redirect_url text,
  theme jsonb not null,
  order_id integer not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);
create index banners_visibility_page_idx on banners (visibility, page_name, order_id, id) where is_active;
