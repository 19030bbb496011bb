-- pg-boss (docs/decisions/007-money-core.md) keeps its jobs in the schema pgboss and creates a
-- table per queue there at start. The server's role (casino_app, migration 0052) owns that schema,
-- so a server that runs as that role can keep its job tables without any right on the ledger.
do $$
begin
  if not exists (select 1 from pg_namespace where nspname = 'pgboss') then
    create schema pgboss authorization casino_app;
  end if;
end
$$;
