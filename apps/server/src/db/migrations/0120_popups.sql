-- Popups (decision 019; seed 000 section 3 'Popup'). popup_name places the popup:
-- lobbyPage (the start-up queue), promotionPage, storePage, rewardPage, vipPage. Visibility: 0
-- visitors only, 1 signed-in players only, 2 everyone. A one-time popup, once closed or acted on,
-- is not shown again in that browser (the dismissed ids are kept in local storage).
create table popups (
  id bigint generated always as identity primary key,
  popup_name text not null check (popup_name in ('lobbyPage', 'promotionPage', 'storePage', 'rewardPage', 'vipPage')),
  is_active boolean not null default true,
  visibility smallint not null check (visibility in (0, 1, 2)),
  text_one text not null default '' check (length(text_one) <= 120),
  text_two text not null default '' check (length(text_two) <= 300),
  text_three text not null default '' check (length(text_three) <= 300),
  btn_text text not null default '' check (length(btn_text) <= 40),
  -- A path inside the app (starting with one slash), or null for a popup without a link.
  btn_redirection text check (btn_redirection is null or btn_redirection ~ '^/[^/]'),
  desktop_image_url text not null,
  mobile_image_url text not null,
  is_one_time boolean not null default false,
  order_id integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index popups_active_idx on popups (popup_name, order_id) where is_active;
