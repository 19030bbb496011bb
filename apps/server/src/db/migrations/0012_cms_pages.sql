-- CMS pages (seed 000 section 3 'CMS page'): slug, title.EN, content.EN, category. Title and
-- content are keyed by language. Content is HTML limited to simple text markup; the web app
-- renders only an allow-list of elements from it.
create table cms_pages (
  slug text primary key check (slug ~ '^[a-z0-9][a-z0-9_-]{0,99}$'),
  title jsonb not null,
  content jsonb not null,
  category integer not null default 1,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
