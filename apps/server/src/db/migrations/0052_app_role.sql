-- The role the server runs as (docs/decisions/009): it reads and writes the
-- application's tables, but owns none of them, so it cannot alter, drop or truncate the ledger
-- or its triggers, nor delete from it. Migrations run as the owner (DATABASE_MIGRATION_URL). The role is created
-- without login; an operator creates a login role that is a member of it (see docs/configuration.md).
-- Roles belong to the whole PostgreSQL cluster: another database may have created it already.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'casino_app') then
    create role casino_app nologin;
  end if;
exception when duplicate_object or unique_violation then
  null;
end
$$;

-- The schema these migrations run in (public, or a scratch schema of the seed tests).
do $$
declare
  schema_name text := current_schema();
begin
  execute format('grant usage on schema %I to casino_app', schema_name);
  execute format('grant select, insert, update, delete on all tables in schema %I to casino_app', schema_name);
  execute format('grant usage, select on all sequences in schema %I to casino_app', schema_name);
  -- The ledger: select, insert and update only. Entries and transfers keep UPDATE so that rows
  -- can be locked (select ... for update needs it); their append-only triggers refuse every update.
  execute format('revoke delete, truncate on %I.ledger_accounts, %I.ledger_transfers, %I.ledger_entries from casino_app',
    schema_name, schema_name, schema_name);
  -- Tables and sequences that later migrations create (as the same owner) get the same rights.
  execute format('alter default privileges in schema %I grant select, insert, update, delete on tables to casino_app', schema_name);
  execute format('alter default privileges in schema %I grant usage, select on sequences to casino_app', schema_name);
end
$$;
