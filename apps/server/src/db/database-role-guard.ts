import { ConfigError, type Config } from '../config.js';
import type { DatabaseHandle } from './client.js';

/**
 * A production server on PostgreSQL refuses to start as a role that could get round the
 * ledger's protections (docs/decisions/055): a superuser may disable its triggers and empty it;
 * the owner of the tables may alter or drop them, and of the money functions may redefine them;
 * a role that may create schemas, create roles (and grant itself the owner's) or bypass row
 * security holds more than the server needs. The server's role is a login role in casino_app
 * (migrations 0052, 0168 and 0169), migrations run as the owner (DATABASE_MIGRATION_URL), and
 * ALLOW_PRIVILEGED_DATABASE_ROLE lets an operator who knows start anyway, with a warning.
 */
interface RoleFacts {
  role: string;
  superuser: boolean;
  owned: string | null;
  may_create_schemas: boolean;
  may_create_roles: boolean;
  bypasses_row_security: boolean;
}

const ROLE_FACTS = `select current_user as role, r.rolsuper as superuser,
    coalesce(
      (select 'table ' || c.relname from pg_class c
       where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and pg_has_role(c.relowner, 'usage')
       order by c.relname <> 'ledger_accounts', c.relname limit 1),
      (select 'function ' || p.proname from pg_proc p
       where p.pronamespace = current_schema()::regnamespace and pg_has_role(p.proowner, 'usage')
       order by p.proname limit 1)) as owned,
    has_database_privilege(current_database(), 'create') as may_create_schemas,
    r.rolcreaterole as may_create_roles, r.rolbypassrls as bypasses_row_security
  from pg_roles r where r.rolname = current_user`;

/** What makes the connected role more than the server's; empty when it is just that. */
function privileges(facts: RoleFacts): string[] {
  if (facts.superuser) return ['a superuser'];
  return [
    ...(facts.owned ? [`the owner of ${facts.owned}`] : []),
    ...(facts.may_create_schemas ? ['which may create schemas in this database'] : []),
    ...(facts.may_create_roles ? ['which may create roles'] : []),
    ...(facts.bypasses_row_security ? ['which bypasses row-level security'] : []),
  ];
}

export async function refusePrivilegedDatabaseRole(
  database: DatabaseHandle,
  config: Pick<Config, 'isProduction' | 'ALLOW_PRIVILEGED_DATABASE_ROLE'>,
  log: { warn: (object: object, message: string) => void },
): Promise<void> {
  if (!config.isProduction || database.kind !== 'postgres') return;
  const [facts] = (await database.withConnection((run) => run(ROLE_FACTS))) as unknown as RoleFacts[];
  const found = facts ? privileges(facts) : [];
  if (found.length === 0) return;
  const role = `"${facts!.role}", ${found.join(', ')}`;
  if (config.ALLOW_PRIVILEGED_DATABASE_ROLE) {
    log.warn({ role: facts!.role }, `ALLOW_PRIVILEGED_DATABASE_ROLE: the server connects as ${role}`);
    return;
  }
  throw new ConfigError(
    [
      'Invalid configuration:',
      `  DATABASE_URL: connects as ${role}. A production server connects as a login role that is a`,
      '  member of casino_app and owns nothing, for example',
      "    create role casino_server login password '…' in role casino_app;",
      "  with that role's URL as DATABASE_URL, and the tables' owner's as DATABASE_MIGRATION_URL",
      '  (docs/configuration.md, docs/decisions/055). Set ALLOW_PRIVILEGED_DATABASE_ROLE=true to start anyway.',
    ].join('\n'),
  );
}
