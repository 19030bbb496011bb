-- The back office's content desk: every change to a piece of content is kept
-- as a version, the state before and after, who and why, in a table of its own rather than only
-- in the audit trail: versions are numbered per item (what a later change or a restore names),
-- listed per item by one index, and hold the full state, where the trail holds whatever an action
-- chooses to record. Kept like the trail: the database refuses UPDATE, DELETE and TRUNCATE (the
-- trail's triggers, db/functions/operator_audit_append_only.sql), and the server's role may only
-- read and insert.
create table content_versions (
  id bigint generated always as identity primary key,
  content_type text not null,
  content_id text not null,
  version integer not null check (version > 0),
  before jsonb,
  after jsonb not null,
  operator_id bigint references operators (id),
  reason text,
  created_at timestamptz not null default now(),
  constraint content_versions_item_version_key unique (content_type, content_id, version)
);
revoke update, delete, truncate on content_versions from casino_app;

-- A banner's current version: its image address carries it, so a changed banner is a new address
-- and no browser or proxy keeps showing the old artwork (the artwork is cached for a day).
alter table banners add column version integer not null default 1;
alter table banners add column updated_at timestamptz not null default now();
