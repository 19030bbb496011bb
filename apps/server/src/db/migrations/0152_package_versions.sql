-- Store packages and offers changed from the back office: the current version,
-- named by each change (a change made on an older one is refused) and kept in content_versions.
alter table packages add column version integer not null default 1;
