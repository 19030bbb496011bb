import { and, eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { attemptCounters, operatorAuditLog } from '../../db/schema/index.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { OPERATOR_PASSWORD, operatorClient, signedInOperator } from './test-support.js';

/** Operators management: an admin creates operators, sets roles, disables, resets two-factor; each audited. */
const errorOf = (response: { body: unknown }) => (response.body as { errors?: { errorCode: number; description: string }[] }).errors?.[0];
const dataOf = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

async function auditOf(operatorId: number, action: string) {
  const { database } = await testServer();
  return database.db
    .select()
    .from(operatorAuditLog)
    .where(
      and(
        eq(operatorAuditLog.targetType, 'operator'),
        eq(operatorAuditLog.targetId, String(operatorId)),
        eq(operatorAuditLog.action, action),
      ),
    );
}

beforeEach(async () => {
  const { database } = await testServer();
  await database.db.delete(attemptCounters).where(like(attemptCounters.key, 'admin-%'));
});

describe('operators management', () => {
  it('creates an operator who must enrol two-factor at their first sign-in; an e-mail is taken once', async () => {
    const { operator: admin, client } = await signedInOperator(['admin']);
    const email = `${uniqueName('new').toLowerCase()}@ops.test`;
    const body = {
      email: email.toUpperCase(),
      displayName: 'Grace Support',
      password: 'A-long-first-password',
      roles: ['support', 'support'],
      reason: 'New support hire',
    };
    const created = await client.post('/api/admin/operators', body);
    expect(created.status).toBe(200);
    const row = dataOf<{ operatorId: number; email: string; roles: string[]; twoFactorEnrolled: boolean }>(created);
    expect(row).toMatchObject({ email, roles: ['support'], twoFactorEnrolled: false });
    const [record] = await auditOf(row.operatorId, 'operator.create');
    expect(record).toMatchObject({ operatorId: admin.operatorId, reason: 'New support hire', after: { email, roles: ['support'] } });
    expect(JSON.stringify(record)).not.toContain('A-long-first-password');

    expect(errorOf(await client.post('/api/admin/operators', body))).toMatchObject({
      errorCode: 3805,
      description: 'An operator with this e-mail already exists.',
    });
    const short = await client.post('/api/admin/operators', { ...body, email: `x${email}`, password: 'short' });
    expect(errorOf(short)?.description).toBe('The password must be 12 to 128 characters long.');

    const login = await (await newClient()).post('/api/admin/auth/login', { email, password: 'A-long-first-password' });
    expect(dataOf<{ step: string }>(login).step).toBe('enrol');
  });

  it("changes roles with before and after, but never an admin's own admin role", async () => {
    const { operator: admin, client } = await signedInOperator(['admin']);
    const { operator: other } = await signedInOperator(['support']);
    const changed = await client.put(`/api/admin/operators/${other.operatorId}/roles`, {
      roles: ['support', 'payments'],
      reason: 'Moved to the payments desk',
    });
    expect(dataOf<{ roles: string[] }>(changed).roles).toEqual(['support', 'payments']);
    expect((await auditOf(other.operatorId, 'operator.roles.update'))[0]).toMatchObject({
      before: { roles: ['support'] },
      after: { roles: ['support', 'payments'] },
    });
    // The other operator's next request sees the new roles at once.
    expect((await (await operatorClient(other)).get('/api/admin/players', { q: 'x' })).status).toBe(200);

    const self = await client.put(`/api/admin/operators/${admin.operatorId}/roles`, { roles: ['support'], reason: 'Stepping down' });
    expect(errorOf(self)).toMatchObject({ errorCode: 3806, description: 'You cannot disable yourself or remove your own admin role.' });
    expect(
      errorOf(await client.put(`/api/admin/operators/${other.operatorId}/roles`, { roles: [], reason: 'No roles at all' }))?.description,
    ).toBe('Choose at least one role.');
  });

  it('disables an operator: their session ends and they cannot sign in; never oneself', async () => {
    const { operator: admin, client } = await signedInOperator(['admin']);
    const { operator: other, client: otherClient } = await signedInOperator(['compliance']);
    expect(
      (await client.put(`/api/admin/operators/${other.operatorId}/disabled`, { disabled: true, reason: 'Left the company' })).status,
    ).toBe(200);
    expect(errorOf(await otherClient.get('/api/admin/auth/me'))?.errorCode).toBe(3082);
    const login = await (await newClient()).post('/api/admin/auth/login', { email: other.email, password: OPERATOR_PASSWORD });
    expect(errorOf(login)?.errorCode).toBe(3804);
    expect(
      errorOf(await client.put(`/api/admin/operators/${admin.operatorId}/disabled`, { disabled: true, reason: 'Going on holiday' }))
        ?.errorCode,
    ).toBe(3806);
    expect((await client.put(`/api/admin/operators/${other.operatorId}/disabled`, { disabled: false, reason: 'Came back' })).status).toBe(
      200,
    );
    expect((await auditOf(other.operatorId, 'operator.enable'))[0]).toMatchObject({
      before: { disabled: true },
      after: { disabled: false },
    });
  });

  it("resets an operator's two-factor: their sessions end and the next sign-in enrols a new authenticator", async () => {
    const { client } = await signedInOperator(['admin']);
    const { operator: other, client: otherClient } = await signedInOperator(['payments']);
    expect((await client.post(`/api/admin/operators/${other.operatorId}/two-factor/reset`, { reason: 'Lost their phone' })).status).toBe(
      200,
    );
    expect((await otherClient.get('/api/admin/auth/me')).status).toBe(401);
    const login = await (await newClient()).post('/api/admin/auth/login', { email: other.email, password: OPERATOR_PASSWORD });
    expect(dataOf<{ step: string }>(login).step).toBe('enrol');
    expect((await auditOf(other.operatorId, 'operator.two_factor.reset'))[0]?.reason).toBe('Lost their phone');
  });
});
