import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { ConfigError } from '../config.js';
import { testConfig, testServer } from '../test/harness.js';
import { SERVER_ROLE } from '../test/server-role.js';
import { refusePrivilegedDatabaseRole } from './database-role-guard.js';

/**
 * A production server never runs as a role that could get round the ledger's protections
 * (docs/decisions/055): a superuser (who may disable its triggers and empty it), the tables'
 * owner, or a role that may create schemas or roles or bypass row security. It says how to fix
 * that, unless ALLOW_PRIVILEGED_DATABASE_ROLE says the operator knows. PostgreSQL only: the
 * embedded database has one user, its owner.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const production = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://casino.example',
  GAME_SERVER_SECRET: 'a-test-game-server-secret-of-forty-characters',
  ALLOW_SANDBOX: 'true',
};

const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

function silentLog() {
  const warnings: string[] = [];
  return { warnings, warn: (_object: unknown, message: string) => void warnings.push(message) };
}

describe.skipIf(!onPostgres)('a production server’s database role (PostgreSQL only)', () => {
  it('refuses to start as a superuser, saying how to give the server a role of its own', async () => {
    const { owner } = await testServer();
    const attempt = buildApp({ config: testConfig(production), database: owner, background: false });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(attempt).rejects.toThrow(/DATABASE_URL: connects as "postgres", a superuser/);
    await expect(attempt).rejects.toThrow(/create role casino_server login password '…' in role casino_app/);
    await expect(attempt).rejects.toThrow(/DATABASE_MIGRATION_URL/);
    await expect(attempt).rejects.toThrow(/ALLOW_PRIVILEGED_DATABASE_ROLE=true/);
  });

  it('starts as a login role in casino_app', async () => {
    const { database } = await testServer();
    const app = await buildApp({ config: testConfig(production), database, background: false });
    apps.push(app);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('starts as a superuser when told to, with a warning', async () => {
    const { owner } = await testServer();
    const log = silentLog();
    await refusePrivilegedDatabaseRole(owner, testConfig({ ...production, ALLOW_PRIVILEGED_DATABASE_ROLE: 'true' }), log);
    expect(log.warnings).toEqual([expect.stringMatching(/ALLOW_PRIVILEGED_DATABASE_ROLE.*"postgres", a superuser/)]);
    const app = await buildApp({
      config: testConfig({ ...production, ALLOW_PRIVILEGED_DATABASE_ROLE: 'true' }),
      database: owner,
      background: false,
    });
    apps.push(app);
  });

  it('refuses a role that owns a table of the application, or may create schemas in its database', async () => {
    const { owner, database } = await testServer();
    const config = testConfig(production);
    const run = (statement: string) => owner.withConnection((exec) => exec(statement));
    await run(`create table role_guard_probe (id int); alter table role_guard_probe owner to ${SERVER_ROLE}`);
    try {
      await expect(refusePrivilegedDatabaseRole(database, config, silentLog())).rejects.toThrow(
        new RegExp(`"${SERVER_ROLE}", the owner of table role_guard_probe`),
      );
    } finally {
      await run('drop table role_guard_probe');
    }
    await run(`grant create on database "${new URL(process.env.DATABASE_URL!).pathname.slice(1)}" to ${SERVER_ROLE}`);
    try {
      await expect(refusePrivilegedDatabaseRole(database, config, silentLog())).rejects.toThrow(
        new RegExp(`"${SERVER_ROLE}", which may create schemas`),
      );
    } finally {
      await run(`revoke create on database "${new URL(process.env.DATABASE_URL!).pathname.slice(1)}" from ${SERVER_ROLE}`);
    }
    await expect(refusePrivilegedDatabaseRole(database, config, silentLog())).resolves.toBeUndefined();
  });

  it('is not asked outside production', async () => {
    const { owner } = await testServer();
    await expect(refusePrivilegedDatabaseRole(owner, testConfig(), silentLog())).resolves.toBeUndefined();
  });
});
