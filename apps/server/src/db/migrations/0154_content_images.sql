-- Images uploaded from the back office's content desk: the re-encoded image
-- itself, named by the SHA-256 of its bytes, so that one image is stored once, every server
-- process serves it, and its address never shows other bytes (cached for a year).
create table content_images (
  id text primary key,
  content_type text not null,
  bytes bytea not null,
  width integer not null,
  height integer not null,
  uploaded_by bigint references operators (id),
  created_at timestamptz not null default now()
);

-- A banner may show an uploaded image instead of its generated artwork (null: the artwork).
alter table banners add column image_url text;
