import { randomUUID } from 'node:crypto';
import { walletEvents } from '@casino/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { operatorAuditLog, rgsGameSessions, rgsRounds, users } from '../../db/schema/index.js';
import { anyGameId } from '../../rgs/test-support.js';
import { newClient, uniqueName } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { fundPlayer, signedInClient } from '../../test/signed-in.js';
import { logIn, TEST_PASSWORD } from '../auth/test-players.js';
import { usStates } from '../billing/us-places.js';
import { linkBank, redeemingPlayer } from '../redeem/redeem-helpers.js';
import { newSession, playerWithPassword } from '../responsible-play/test-support.js';
import { signedInOperator } from './test-support.js';

/**
 * The players desk: search, a player's page and its tables, and the actions
 * (restrict, block, end sessions), each with a reason and its audit record.
 */
const errorOf = (response: { body: unknown }) =>
  (response.body as { errors?: { errorCode: number; description: string; details?: { issues: { field: string; message: string }[] } }[] })
    .errors?.[0];
const dataOf = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.disconnect();
});

async function walletSocket(cookie: string): Promise<Socket> {
  const { baseUrl } = await testServer();
  const socket = connect(`${baseUrl}/wallet`, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { origin: baseUrl, cookie },
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once(walletEvents.balance, () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

async function auditFor(userId: number, action: string) {
  const { database } = await testServer();
  return database.db
    .select()
    .from(operatorAuditLog)
    .where(
      and(eq(operatorAuditLog.targetType, 'player'), eq(operatorAuditLog.targetId, String(userId)), eq(operatorAuditLog.action, action)),
    );
}

describe('player search', () => {
  it('finds a player by id, part of the username or e-mail, and the start of a phone number, paged', async () => {
    const { database } = await testServer();
    const { operator, client } = await signedInOperator(['support']);
    const stem = uniqueName('srch').toLowerCase();
    const created = [];
    for (const n of [1, 2, 3]) {
      const [row] = await database.db
        .insert(users)
        .values({
          username: `${stem}${n}`,
          email: `${stem}${n}@mail-${stem}.test`,
          phone: `${String(Date.now()).slice(-7)}${n}0${n}`.slice(-10),
        })
        .returning();
      created.push(row!);
    }
    const search = (q: string, extra: Record<string, number> = {}) => client.get('/api/admin/players', { q, ...extra });

    const byId = dataOf<{ rows: { userId: number; username: string }[]; count: number }>(await search(String(created[1]!.id)));
    expect(byId.rows.map((row) => row.userId)).toContain(created[1]!.id);
    const byName = dataOf<{ rows: { username: string; restricted: boolean; blocked: boolean }[]; count: number }>(
      await search(stem.toUpperCase()),
    );
    expect(byName.count).toBe(3);
    expect(byName.rows.map((row) => row.username)).toEqual([`${stem}3`, `${stem}2`, `${stem}1`]);
    expect(byName.rows[0]).toMatchObject({ restricted: false, blocked: false });
    const byEmail = dataOf<{ count: number }>(await search(`@mail-${stem}`));
    expect(byEmail.count).toBe(3);
    const phone = created[2]!.phone!;
    const byPhone = dataOf<{ rows: { userId: number }[] }>(
      await search(`+1 (${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`),
    );
    expect(byPhone.rows.map((row) => row.userId)).toEqual([created[2]!.id]);
    const paged = dataOf<{ rows: { username: string }[]; count: number }>(await search(stem, { limit: 2, page: 2 }));
    expect(paged).toEqual({ count: 3, rows: [expect.objectContaining({ username: `${stem}1` })] });
    // A wildcard is a character like any other.
    expect(dataOf<{ count: number }>(await search('%')).count).toBe(0);
    const empty = await search('   ');
    expect(errorOf(empty)).toMatchObject({
      errorCode: 3000,
      description: 'Enter an id, a username, an e-mail or a phone number (at most 100 characters).',
    });
    void operator;
  });

  it('uses the indexes for each kind of search', async () => {
    const { database } = await testServer();
    const plans = await database.withConnection(async (run) => {
      await run('begin');
      try {
        await run('set local enable_seqscan = off');
        const plan = async (where: string) =>
          (await run(`explain select id from users where ${where}`)).map((row) => Object.values(row)[0]).join('\n');
        return [await plan(`lower(username) like '%abc%'`), await plan(`lower(email) like '%abc%'`), await plan(`phone like '212%'`)];
      } finally {
        await run('rollback');
      }
    });
    expect(plans[0]).toContain('users_username_trgm_idx');
    expect(plans[1]).toContain('users_email_trgm_idx');
    expect(plans[2]).toContain('users_phone_pattern_idx');
  });
});

describe("a player's page", () => {
  it('shows profile, KYC, wallet buckets and sessions, and records that the operator looked', async () => {
    const { operator, client } = await signedInOperator(['payments']);
    const player = await redeemingPlayer(120_00);
    await fundPlayer(player.userId, { gc: 5_000_00, sc: 3_00 });
    const response = await client.get(`/api/admin/players/${player.userId}`);
    expect(response.status).toBe(200);
    const detail = dataOf<{
      profile: { userId: number; username: string };
      kyc: { status: string };
      wallet: Record<string, number>;
      sessions: { active: boolean }[];
      restriction: unknown;
      block: unknown;
    }>(response);
    expect(detail.profile).toMatchObject({ userId: player.userId, username: player.username });
    expect(detail.kyc.status).toBe('APPROVED');
    expect(detail.wallet).toEqual({ gc: 5000, bsc: 3, psc: 0, wsc: 120, pendingRedemption: 0 });
    expect(detail.sessions).toEqual([expect.objectContaining({ active: true })]);
    expect(detail).toMatchObject({ restriction: null, block: null });
    const views = await auditFor(player.userId, 'player.view');
    expect(views.map((entry) => entry.operatorId)).toEqual([operator.operatorId]);

    const transfers = dataOf<{ rows: { reason: string; gc: number; sc: number }[]; count: number }>(
      await client.get(`/api/admin/players/${player.userId}/transfers`),
    );
    expect(transfers.count).toBe(2);
    expect(transfers.rows[0]).toMatchObject({ gc: 5000, sc: 3 });
    expect((await client.get('/api/admin/players/987654321')).status).toBe(404);
  });

  it("names the player's state and country in the address, not their ids", async () => {
    const { database } = await testServer();
    const { client } = await signedInOperator(['support']);
    const player = await playerWithPassword();
    const california = (await usStates()).find((state) => state.name === 'California')!;
    await database.db
      .update(users)
      .set({ addressLine1: '1 Market Street', city: 'San Francisco', state: String(california.state_id), zipCode: '94105', country: '199' })
      .where(eq(users.id, player.userId));
    const detail = dataOf<{ profile: { address: string | null } }>(await client.get(`/api/admin/players/${player.userId}`));
    expect(detail.profile.address).toBe('1 Market Street, San Francisco, California, 94105, United States');
  });

  it("lists the player's rounds with outcome and balances", async () => {
    const { database } = await testServer();
    const { client } = await signedInOperator(['support']);
    const player = await signedInClient('rnd');
    const gameId = await anyGameId();
    const [session] = await database.db
      .insert(rgsGameSessions)
      .values({
        tokenHash: randomUUID(),
        launchId: randomUUID(),
        userId: player.userId,
        casinoGameId: gameId,
        titleId: 'test',
        coin: 'SC',
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    await database.db.insert(rgsRounds).values({
      sessionId: session!.id,
      requestId: randomUUID(),
      userId: player.userId,
      casinoGameId: gameId,
      titleId: 'test',
      profileId: 'p',
      coin: 'SC',
      bet: 50,
      win: 125,
      status: 'settled',
      balanceBefore: 1_000,
      balanceAfter: 1_075,
      outcome: { reels: [[1, 2, 3]], lines: [{ line: 1, win: 125 }] },
    });
    const rounds = dataOf<{ rows: unknown[]; count: number }>(await client.get(`/api/admin/players/${player.userId}/rounds`));
    expect(rounds.count).toBe(1);
    expect(rounds.rows[0]).toMatchObject({
      coin: 'SC',
      bet: 0.5,
      win: 1.25,
      status: 'settled',
      balanceBefore: 10,
      balanceAfter: 10.75,
      outcome: { lines: [{ win: 125 }] },
    });
    expect(dataOf<{ count: number }>(await client.get(`/api/admin/players/${player.userId}/purchases`)).count).toBe(0);
  });
});

describe('player actions', () => {
  it("restricts a player's redemptions (3079) and lifts it, each with its reason in the audit trail", async () => {
    const { operator, client } = await signedInOperator(['compliance']);
    const player = await redeemingPlayer(200_00);
    await linkBank(player.client);
    expect((await player.client.post('payment/paynote', { amount: 60 })).status).toBe(200);

    const restricted = await client.put(`/api/admin/players/${player.userId}/restriction`, {
      restricted: true,
      reason: 'Chargeback under review',
    });
    expect(restricted.status).toBe(200);
    expect((restricted.body as { message: string }).message).toBe('Player restricted.');
    expect(errorOf(await player.client.post('payment/paynote', { amount: 60 }))).toMatchObject({
      errorCode: 3079,
      description: 'You are restricted for this action.',
    });
    const page = dataOf<{ restriction: { reason: string } | null }>(await client.get(`/api/admin/players/${player.userId}`));
    expect(page.restriction?.reason).toBe('Chargeback under review');

    const [record] = await auditFor(player.userId, 'player.restrict');
    expect(record).toMatchObject({
      operatorId: operator.operatorId,
      reason: 'Chargeback under review',
      before: { restricted: false, reason: null },
      after: { restricted: true, reason: 'Chargeback under review' },
      ip: '127.0.0.1',
    });
    expect(record!.at).toBeInstanceOf(Date);

    expect(
      (await client.put(`/api/admin/players/${player.userId}/restriction`, { restricted: false, reason: 'Chargeback resolved' })).status,
    ).toBe(200);
    expect((await player.client.post('payment/paynote', { amount: 60 })).status).toBe(200);
    expect((await auditFor(player.userId, 'player.unrestrict'))[0]).toMatchObject({
      before: { restricted: true },
      after: { restricted: false },
    });
  });

  it('refuses an action without a reason, and changes nothing', async () => {
    const { client } = await signedInOperator(['compliance']);
    const player = await signedInClient('nrs');
    for (const body of [{ restricted: true }, { restricted: true, reason: '  ok ' }]) {
      const refused = await client.put(`/api/admin/players/${player.userId}/restriction`, body);
      expect(refused.status).toBe(400);
      expect(errorOf(refused)?.details?.issues).toEqual([expect.objectContaining({ field: 'body.reason' })]);
    }
    expect(
      errorOf(await client.put(`/api/admin/players/${player.userId}/restriction`, { restricted: true, reason: 'abc' }))?.description,
    ).toBe('Please give a reason (at least 5 characters).');
    expect(errorOf(await client.post(`/api/admin/players/${player.userId}/end-sessions`, {}))?.errorCode).toBe(3000);
    expect(await auditFor(player.userId, 'player.restrict')).toEqual([]);
    expect(await auditFor(player.userId, 'player.sessions.end')).toEqual([]);
    expect(dataOf<{ restriction: unknown }>(await client.get(`/api/admin/players/${player.userId}`)).restriction).toBeNull();
  });

  it('blocks a player: the open session and socket end, login is refused; lifting the block lets them in', async () => {
    const { client } = await signedInOperator(['compliance']);
    const player = await playerWithPassword();
    const socket = await walletSocket(player.cookie);
    const ended = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const blocked = await client.put(`/api/admin/players/${player.userId}/block`, {
      blocked: true,
      reason: 'Multiple accounts (fraud team ticket 42)',
    });
    expect(blocked.status).toBe(200);
    expect(dataOf(blocked)).toEqual({ blocked: true, sessionsEnded: 1 });
    expect(await ended).toBe('io server disconnect');
    expect(errorOf(await player.client.get('user/profile'))?.errorCode).toBe(3082);

    const login = await logIn(await newClient(), { email: player.email, password: TEST_PASSWORD });
    expect(errorOf(login)).toMatchObject({ errorCode: 3807, description: 'This account is blocked. Please contact support.' });
    expect((await auditFor(player.userId, 'player.block'))[0]).toMatchObject({
      before: { blocked: false },
      after: { blocked: true, sessionsEnded: 1 },
      reason: 'Multiple accounts (fraud team ticket 42)',
    });
    expect(dataOf<{ block: { reason: string } }>(await client.get(`/api/admin/players/${player.userId}`)).block.reason).toBe(
      'Multiple accounts (fraud team ticket 42)',
    );

    expect(
      (await client.put(`/api/admin/players/${player.userId}/block`, { blocked: false, reason: 'Cleared by the fraud team' })).status,
    ).toBe(200);
    expect((await logIn(await newClient(), { email: player.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('ends every session of a player, with the count in the audit trail', async () => {
    const { client } = await signedInOperator(['support']);
    const player = await playerWithPassword();
    const second = await newSession(player.userId);
    const response = await client.post(`/api/admin/players/${player.userId}/end-sessions`, { reason: 'Player reports a stolen phone' });
    expect(dataOf(response)).toEqual({ sessionsEnded: 2 });
    expect((response.body as { message: string }).message).toBe('2 sessions ended.');
    expect((await player.client.get('user/profile')).status).toBe(401);
    expect((await second.client.get('user/profile')).status).toBe(401);
    expect((await auditFor(player.userId, 'player.sessions.end'))[0]).toMatchObject({
      before: { openSessions: 2 },
      after: { openSessions: 0 },
    });
    // Unlike a block, the player may sign in again.
    expect((await logIn(await newClient(), { email: player.email, password: TEST_PASSWORD })).status).toBe(200);
  });
});
