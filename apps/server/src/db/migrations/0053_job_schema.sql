-- pg-boss (docs/decisions/007-money-core.md) keeps its jobs in the schema pgboss and creates a
-- table per queue there at start. The server's role (casino_app, migration 0052) owns that schema,
-- so a server that runs as that role keeps its job tables without any right on the ledger. pg-boss
-- runs `create schema if not exists` at every start, which PostgreSQL checks against the
-- database's CREATE right even when the schema exists: the role gets that right too (it lets it
-- create schemas of its own, never alter tables it does not own).
do $$
begin
  if not exists (select 1 from pg_namespace where nspname = 'pgboss') then
    create schema pgboss authorization casino_app;
  end if;
  execute format('grant create on database %I to casino_app', current_database());
end
$$;
