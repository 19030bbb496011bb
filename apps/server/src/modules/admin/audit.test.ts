import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../db/schema/index.js';
import { testServer } from '../../test/harness.js';
import { appendAudit } from './audit.js';
import { signedInOperator } from './test-support.js';

/**
 * The audit trail: append-only by the database itself, a reason on every
 * action that needs one, readable and filterable by the roles that may.
 */
async function attempt(statement: string, { asAppRole = false } = {}): Promise<string> {
  const { owner } = await testServer();
  return owner.withConnection(async (run) => {
    await run('begin');
    try {
      if (asAppRole) await run('set local role casino_app');
      await run(statement);
      return 'done';
    } catch (error) {
      return (error as Error).message;
    } finally {
      await run('rollback');
    }
  });
}

type Row = {
  id: number;
  action: string;
  operatorId: number | null;
  targetId: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
};
const rowsOf = (response: { body: unknown }) => (response.body as { data: { rows: Row[]; count: number } }).data;

describe('the audit trail', () => {
  it('cannot be changed, deleted or emptied, even by the tables owner', async () => {
    const { database } = await testServer();
    await appendAudit(database.db, {
      operatorId: null,
      operatorEmail: 'x@ops.test',
      action: 'test.entry',
      targetType: 'test',
      targetId: '1',
    });
    const [row] = await database.db
      .select({ id: operatorAuditLog.id })
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.action, 'test.entry'));
    expect(await attempt(`update operator_audit_log set reason = 'rewritten' where id = ${row!.id}`)).toMatch(
      /the audit trail is append-only: UPDATE of operator_audit_log is refused/,
    );
    expect(await attempt(`delete from operator_audit_log where id = ${row!.id}`)).toMatch(
      /the audit trail is append-only: DELETE of operator_audit_log is refused/,
    );
    expect(await attempt('truncate operator_audit_log')).toMatch(
      /the audit trail is append-only: TRUNCATE of operator_audit_log is refused/,
    );
    // The server's own role may read and append only.
    expect(await attempt(`select count(*) from operator_audit_log`, { asAppRole: true })).toBe('done');
    expect(await attempt(`insert into operator_audit_log (action, target_type) values ('test.append', 'test')`, { asAppRole: true })).toBe(
      'done',
    );
    for (const statement of [
      `update operator_audit_log set reason = 'x' where id = ${row!.id}`,
      `delete from operator_audit_log where id = ${row!.id}`,
      'truncate operator_audit_log',
      'drop trigger operator_audit_log_append_only on operator_audit_log',
    ]) {
      expect(await attempt(statement, { asAppRole: true })).toMatch(/permission denied|must be owner/);
    }
    const [still] = await database.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.id, row!.id));
    expect(still?.reason).toBeNull();
  });

  it('is read newest first and filtered by operator, action (or family), target and UTC dates, paged', async () => {
    const { database } = await testServer();
    const reader = await signedInOperator(['compliance']);
    const actor = await signedInOperator(['support']);
    const target = `audit-${actor.operator.operatorId}`;
    const entry = (action: string, at: string) =>
      database.db.insert(operatorAuditLog).values({
        at: new Date(at),
        operatorId: actor.operator.operatorId,
        operatorEmail: actor.operator.email,
        action,
        targetType: 'player',
        targetId: target,
        reason: 'looked into a complaint',
      });
    await entry('player.view', '2031-01-01T10:00:00Z');
    await entry('player.restrict', '2031-01-02T23:59:59Z');
    await entry('player.sessions.end', '2031-01-03T00:00:00Z');

    const byOperator = rowsOf(await reader.client.get('/api/admin/audit', { operatorId: actor.operator.operatorId }));
    expect(byOperator.count).toBe(3);
    expect(byOperator.rows.map((row) => row.action)).toEqual(['player.sessions.end', 'player.restrict', 'player.view']);

    const family = rowsOf(await reader.client.get('/api/admin/audit', { targetType: 'player', targetId: target, action: 'player.' }));
    expect(family.count).toBe(3);
    const exact = rowsOf(await reader.client.get('/api/admin/audit', { targetId: target, action: 'player.restrict' }));
    expect(exact.rows.map((row) => [row.action, row.reason])).toEqual([['player.restrict', 'looked into a complaint']]);
    // Dates are whole UTC days: the 2nd includes 23:59:59 and stops before the 3rd's midnight.
    const day = rowsOf(
      await reader.client.get('/api/admin/audit', { operatorId: actor.operator.operatorId, from: '2031-01-02', to: '2031-01-02' }),
    );
    expect(day.rows.map((row) => row.action)).toEqual(['player.restrict']);
    const paged = rowsOf(await reader.client.get('/api/admin/audit', { operatorId: actor.operator.operatorId, limit: 2, page: 2 }));
    expect(paged).toMatchObject({ count: 3, rows: [{ action: 'player.view' }] });

    // Support may not read the trail.
    expect((await actor.client.get('/api/admin/audit')).status).toBe(403);
  });

  it('finds an operator or an action through an index, not by reading the whole table', async () => {
    const { database } = await testServer();
    const plans = await database.withConnection(async (run) => {
      await run('begin');
      try {
        await run('set local enable_seqscan = off');
        const plan = async (where: string) =>
          (await run(`explain select * from operator_audit_log where ${where} order by at desc, id desc limit 25`))
            .map((row) => Object.values(row)[0])
            .join('\n');
        return [
          await plan('operator_id = 1'),
          await plan(`action like 'player.%'`),
          await plan(`target_type = 'player' and target_id = '7'`),
          await plan('true'),
        ];
      } finally {
        await run('rollback');
      }
    });
    expect(plans[0]).toContain('operator_audit_log_operator_idx');
    expect(plans[1]).toContain('operator_audit_log_action_idx');
    expect(plans[2]).toContain('operator_audit_log_target_idx');
    expect(plans[3]).toContain('operator_audit_log_at_idx');
  });
});
