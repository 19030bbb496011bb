import pg from 'pg';

/**
 * The login role the tests' servers connect as on PostgreSQL, as production's do (docs/configuration.md,
 * docs/decisions/055): a member of casino_app and nothing more, while migrations and the tests'
 * own fixtures use the owner's URL (DATABASE_URL of the test run). Every feature the PostgreSQL
 * suite drives through a server thereby proves it needs no right casino_app lacks.
 */
export const SERVER_ROLE = 'casino_test_server';
const SERVER_ROLE_PASSWORD = 'casino-test-server';

/**
 * The URL of `ownerUrl`'s database for the server's login role, created with its membership when
 * missing. Roles belong to the whole cluster: casino_app is made here too when no database of
 * this cluster has been migrated yet (migration 0052 makes it the same way), and another test
 * process may be creating either at the same moment.
 */
export async function serverRoleUrl(ownerUrl: string): Promise<string> {
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    const steps = [
      ["not exists (select 1 from pg_roles where rolname = 'casino_app')", 'create role casino_app nologin'],
      [
        `not exists (select 1 from pg_roles where rolname = '${SERVER_ROLE}')`,
        `create role ${SERVER_ROLE} login password '${SERVER_ROLE_PASSWORD}'`,
      ],
      [`not pg_has_role('${SERVER_ROLE}', 'casino_app', 'member')`, `grant casino_app to ${SERVER_ROLE}`],
    ];
    for (const [missing, make] of steps) {
      await owner.query(`do $$
        begin
          if ${missing} then ${make}; end if;
        exception when duplicate_object or unique_violation then
          null;
        end
      $$`);
    }
  } finally {
    await owner.end();
  }
  const url = new URL(ownerUrl);
  url.username = SERVER_ROLE;
  url.password = SERVER_ROLE_PASSWORD;
  return url.toString();
}
