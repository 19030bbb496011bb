import { MAIL_IN_CODE_LENGTH, type AdminMailInSettings, type MailInLookup, type MailInRequest } from '@casino/contracts/mail-in';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mailInCards, operatorAuditLog, users } from '../../db/schema/index.js';
import { newClient } from '../../test/api.js';
import { testServer } from '../../test/harness.js';
import { signedInClient } from '../../test/signed-in.js';
import { signedInOperator } from '../admin/test-support.js';
import { mailsTo } from '../auth/test-players.js';
import { bonusScOf, creditedCardsOf, creditsOfRequest, enterCard, giveAddress, newCode, rulesNow, today } from './test-support.js';

beforeAll(async () => {
  await testServer();
});

type ListBody = { data: { rows: MailInRequest[]; count: number } };

async function requestsOf(client: Awaited<ReturnType<typeof signedInClient>>['client']): Promise<MailInRequest[]> {
  const response = await client.get<ListBody>('mail-in/requests');
  expect(response.status).toBe(200);
  return response.body.data.rows;
}

async function auditOf(targetType: string, targetId: string) {
  const { database } = await testServer();
  return database.db
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.targetType, targetType), eq(operatorAuditLog.targetId, targetId)))
    .orderBy(desc(operatorAuditLog.id));
}

async function mailArrives(userId: number, subject: string) {
  const { database } = await testServer();
  const [row] = await database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  for (let i = 0; i < 100; i += 1) {
    const found = (await mailsTo(row!.email)).find((mail) => mail.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail "${subject}" arrived`);
}

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe("the player's request codes", () => {
  it('gives a signed-in player one unguessable open code at a time, listed as open; a second request is 3870', async () => {
    const player = await signedInClient('mailin');
    const first = await newCode(player.client);
    expect(first.code).toMatch(new RegExp(`^[A-HJKMNP-TV-Z2-9]{${MAIL_IN_CODE_LENGTH}}$`));
    expect(first).toMatchObject({ status: 'open', refusalReason: null, sc: null, decidedAt: null });

    const again = await player.client.post('mail-in/requests', {});
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]).toMatchObject({ errorCode: 3870, name: 'MailInRequestOpen' });

    expect(await requestsOf(player.client)).toEqual([first]);
    // Codes are drawn, not counted: another player's is unrelated.
    const other = await newCode((await signedInClient('mailin')).client);
    expect(other.code).not.toBe(first.code);
  });

  it("answers a visitor 401 and a player only their own requests, never another's", async () => {
    const visitor = await newClient();
    expect((await visitor.get('mail-in/requests')).status).toBe(401);
    expect((await visitor.post('mail-in/requests', {})).status).toBe(401);
    // The rules are public.
    const rules = await rulesNow(visitor);
    expect(rules.postalAddress.length).toBeGreaterThan(10);
    expect(rules.cardFormat.length).toBeGreaterThan(10);

    const alice = await signedInClient('mailin');
    const bob = await signedInClient('mailin');
    const alices = await newCode(alice.client);
    const bobs = await requestsOf(bob.client);
    expect(bobs).toEqual([]);
    expect(JSON.stringify(bobs)).not.toContain(alices.code);
  });
});

describe('the Mail-in desk', () => {
  it("credits a valid card's SC as bonus SC to the code's owner exactly once, shows it credited, audits it and mails the player", async () => {
    const { client: operator, operator: who } = await signedInOperator(['support']);
    const owner = await signedInClient('mailin');
    const bystander = await signedInClient('mailin');
    await giveAddress(owner.userId);
    const { scAmount } = await rulesNow(owner.client);
    const request = await newCode(owner.client);

    const lookup = await operator.get<{ data: MailInLookup }>('/api/admin/mail-in/lookup', { code: request.code.toLowerCase() });
    expect(lookup.status).toBe(200);
    expect(lookup.body.data).toMatchObject({
      requestId: request.requestId,
      status: 'open',
      player: { userId: owner.userId, name: 'Ada Lovelace', address: '12 Analytical Way, Wilmington, DE 19801' },
    });

    const bscBefore = await bonusScOf(owner.userId);
    // Typed from the card with dashes and spaces, as the page shows it.
    const typed = `${request.code.slice(0, 4)}-${request.code.slice(4, 8)} ${request.code.slice(8)}`;
    const entered = await enterCard(operator, { code: typed });
    expect(entered.status).toBe(200);
    expect(entered.body.data).toMatchObject({
      outcome: 'credited',
      refusalReason: null,
      requestId: request.requestId,
      userId: owner.userId,
      sc: scAmount,
      operatorEmail: who.email,
    });
    expect(entered.body.message).toContain('credited');
    expect(await bonusScOf(owner.userId)).toBe(bscBefore + Math.round(scAmount * 100));
    expect(await bonusScOf(bystander.userId)).toBe(0);
    const credits = await creditsOfRequest(request.requestId);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ userId: owner.userId, reason: 'mail_in_entry', scAmount: Math.round(scAmount * 100), gcAmount: 0 });

    // The player's bonus history names it.
    const history = await owner.client.get<{ data: { rows: { transactiontype: string }[] } }>('payment/transactions', {
      actionType: 'bonus',
    });
    expect(history.body.data.rows.map((row) => row.transactiontype)).toEqual(['mail_in_entry']);

    const [mine] = await requestsOf(owner.client);
    expect(mine).toMatchObject({ requestId: request.requestId, status: 'credited', sc: scAmount, refusalReason: null });
    expect(mine!.decidedAt).not.toBeNull();

    const [audit] = await auditOf('mail_in_request', String(request.requestId));
    expect(audit).toMatchObject({ action: 'mail_in.card.credit', operatorId: who.operatorId, reason: 'Card received in the morning post' });
    expect(audit!.after).toMatchObject({ status: 'credited', sc: scAmount });

    const mail = await mailArrives(owner.userId, 'Your mail-in entry was credited');
    expect(mail.text).toContain(`${request.code.slice(0, 4)}-${request.code.slice(4, 8)}-${request.code.slice(8)}`);
  });

  it('refuses a reused code as used: no second credit, the request stays credited, the card is kept and audited', async () => {
    const { client: operator } = await signedInOperator(['compliance']);
    const owner = await signedInClient('mailin');
    const request = await newCode(owner.client);
    expect((await enterCard(operator, { code: request.code })).body.data.outcome).toBe('credited');
    const bsc = await bonusScOf(owner.userId);

    const reused = await enterCard(operator, { code: request.code, reason: 'A second card with the same code' });
    expect(reused.status).toBe(200);
    expect(reused.body.data).toMatchObject({ outcome: 'refused', refusalReason: 'code_used', requestId: request.requestId });
    expect(reused.body.message).toContain('already used');
    expect(await bonusScOf(owner.userId)).toBe(bsc);
    expect(await creditsOfRequest(request.requestId)).toHaveLength(1);
    expect(await creditedCardsOf(request.requestId)).toHaveLength(1);
    expect((await requestsOf(owner.client))[0]).toMatchObject({ status: 'credited' });
    const [audit] = await auditOf('mail_in_request', String(request.requestId));
    expect(audit).toMatchObject({ action: 'mail_in.card.refuse', reason: 'A second card with the same code' });
  });

  it('refuses an unknown code, keeps the card as typed and audits it; the lookup answers 404', async () => {
    const { client: operator } = await signedInOperator(['support']);
    const lookup = await operator.get('/api/admin/mail-in/lookup', { code: 'ZZZZ-ZZZZ-ZZZZ' });
    expect(lookup.status).toBe(404);
    const entered = await enterCard(operator, { code: 'zzzz-zzzz-zzz2', reason: 'Card with a code nobody asked for' });
    expect(entered.status).toBe(200);
    expect(entered.body.data).toMatchObject({ outcome: 'refused', refusalReason: 'code_unknown', requestId: null, userId: null });
    const [audit] = await auditOf('mail_in_card', String(entered.body.data.cardId));
    expect(audit).toMatchObject({ action: 'mail_in.card.refuse', reason: 'Card with a code nobody asked for' });
    expect(audit!.after).toMatchObject({ code: 'ZZZZZZZZZZZ2', refusalReason: 'code_unknown' });
  });

  it('refuses a name or address mismatch and a postmark before the code was issued, each with its reason, and mails the player', async () => {
    const { client: operator } = await signedInOperator(['support']);
    const player = await signedInClient('mailin');
    const mismatch = await newCode(player.client);
    const refused = await enterCard(operator, { code: mismatch.code, identityMatches: false });
    expect(refused.body.data).toMatchObject({ outcome: 'refused', refusalReason: 'identity_mismatch' });
    expect((await requestsOf(player.client))[0]).toMatchObject({ status: 'refused', refusalReason: 'identity_mismatch', sc: null });
    const mail = await mailArrives(player.userId, 'Your mail-in entry was not accepted');
    expect(mail.text).toContain('does not match the account');

    // The refused request is closed: a new code can be had, and an early postmark is refused.
    const early = await newCode(player.client);
    const late = await enterCard(operator, { code: early.code, postmarkDate: yesterday() });
    expect(late.body.data).toMatchObject({ outcome: 'refused', refusalReason: 'postmark_outside_rules' });
    expect(await bonusScOf(player.userId)).toBe(0);

    const future = await enterCard(operator, { code: early.code, postmarkDate: '2999-01-01' });
    expect(future.status).toBe(400);
  });

  it("caps the credited cards per player and period: past the cap the request is refused 'cap_reached' and nothing is credited", async () => {
    const { client: operator } = await signedInOperator(['support']);
    const player = await signedInClient('mailin');
    const rules = await rulesNow(player.client);
    for (let credited = 0; credited < rules.capCount; credited += 1) {
      const request = await newCode(player.client);
      expect((await enterCard(operator, { code: request.code })).body.data.outcome).toBe('credited');
    }
    const bsc = await bonusScOf(player.userId);
    const over = await newCode(player.client);
    const capped = await enterCard(operator, { code: over.code });
    expect(capped.body.data).toMatchObject({ outcome: 'refused', refusalReason: 'cap_reached' });
    expect(await bonusScOf(player.userId)).toBe(bsc);
    expect(await creditsOfRequest(over.requestId)).toHaveLength(0);
    expect((await requestsOf(player.client))[0]).toMatchObject({
      requestId: over.requestId,
      status: 'refused',
      refusalReason: 'cap_reached',
    });
  });

  it('lists the cards entered; is closed to the content and payments roles, and to players', async () => {
    const { client: operator } = await signedInOperator(['compliance']);
    const player = await signedInClient('mailin');
    const request = await newCode(player.client);
    await enterCard(operator, { code: request.code });
    const list = await operator.get<{ data: { rows: { requestId: number; outcome: string }[] } }>('/api/admin/mail-in/cards', {
      code: request.code,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.rows).toEqual([expect.objectContaining({ requestId: request.requestId, outcome: 'credited' })]);

    for (const role of ['content', 'payments'] as const) {
      const { client } = await signedInOperator([role]);
      expect((await enterCard(client, { code: request.code })).status).toBe(403);
      expect((await client.get('/api/admin/mail-in/cards')).status).toBe(403);
    }
    expect((await enterCard(player.client, { code: request.code })).status).toBe(401);
    const { database } = await testServer();
    expect(await database.db.select().from(mailInCards).where(eq(mailInCards.requestId, request.requestId))).toHaveLength(1);
  });
});

describe('the mail-in settings', () => {
  it('are changed by compliance on their current version, kept as versions, audited, and shown on the page; a stale change is 3851', async () => {
    const { client: compliance } = await signedInOperator(['compliance']);
    const { client: support } = await signedInOperator(['support']);
    const current = (await compliance.get<{ data: AdminMailInSettings }>('/api/admin/mail-in/settings')).body.data;
    const change = {
      scAmount: current.scAmount,
      capCount: current.capCount,
      capPeriod: current.capPeriod,
      postmarkDays: current.postmarkDays,
      postalAddress: `${current.postalAddress.split('\n')[0]}\nPO Box 77\nDover, DE 19901`,
      cardFormat: current.cardFormat,
      rulesText: current.rulesText,
      version: current.version,
      reason: 'The post office box moved',
    };
    expect((await support.put('/api/admin/mail-in/settings', change)).status).toBe(403);
    const saved = await compliance.put<{ data: AdminMailInSettings }>('/api/admin/mail-in/settings', change);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ postalAddress: change.postalAddress, version: current.version + 1 });
    expect((await rulesNow(await newClient())).postalAddress).toBe(change.postalAddress);

    const stale = await compliance.put('/api/admin/mail-in/settings', { ...change, postalAddress: 'Somewhere else entirely' });
    expect(stale.status).toBe(409);
    expect(stale.body.errors?.[0]?.errorCode).toBe(3851);

    const invalid = await compliance.put('/api/admin/mail-in/settings', { ...change, scAmount: 0, version: current.version + 1 });
    expect(invalid.status).toBe(400);

    const versions = await support.get<{ data: { rows: { version: number; reason: string; after: unknown }[] } }>(
      '/api/admin/mail-in/settings/versions',
    );
    expect(versions.body.data.rows[0]).toMatchObject({ version: current.version + 1, reason: 'The post office box moved' });
    const [audit] = await auditOf('mail_in_settings', 'mail_in');
    expect(audit).toMatchObject({ action: 'mail_in.settings.update', reason: 'The post office box moved' });
    expect(audit!.before).toMatchObject({ version: current.version, postalAddress: current.postalAddress });
  });

  it('sets the SC a card credits: the next card credits the new amount', async () => {
    const { client: compliance } = await signedInOperator(['compliance']);
    const { client: support } = await signedInOperator(['support']);
    const current = (await compliance.get<{ data: AdminMailInSettings }>('/api/admin/mail-in/settings')).body.data;
    const { version, ...values } = current;
    const put = (scAmount: number, at: number) =>
      compliance.put<{ data: AdminMailInSettings }>('/api/admin/mail-in/settings', {
        ...values,
        scAmount,
        version: at,
        reason: 'Amount review',
      });
    expect((await put(7.25, version)).status).toBe(200);
    try {
      const player = await signedInClient('mailin');
      const request = await newCode(player.client);
      expect((await enterCard(support, { code: request.code, postmarkDate: today() })).body.data.sc).toBe(7.25);
      expect(await bonusScOf(player.userId)).toBe(7_25);
    } finally {
      expect((await put(current.scAmount, version + 1)).status).toBe(200);
    }
  });
});
