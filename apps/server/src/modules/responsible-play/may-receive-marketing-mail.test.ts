import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { responsiblePlayExclusions, users } from '../../db/schema/index.js';
import type { OutgoingMail } from '../../providers/mail/mailer.js';
import { testServer } from '../../test/harness.js';
import { mayReceiveMarketingMail } from './may-receive-marketing-mail.js';
import { sendMarketingMail } from './send-marketing-mail.js';
import { playerWithPassword, setting } from './test-support.js';

const DAY_MS = 86_400_000;

async function consentingPlayer() {
  const player = await playerWithPassword();
  const { database } = await testServer();
  await database.db.update(users).set({ marketingConsent: true }).where(eq(users.id, player.userId));
  return player;
}

describe('who may receive a marketing mail', () => {
  it('allows a consenting player on no break, and refuses one who did not consent or is unknown', async () => {
    const { database } = await testServer();
    const player = await playerWithPassword();
    expect(await mayReceiveMarketingMail(database.db, player.userId)).toBe('no-consent');
    await database.db.update(users).set({ marketingConsent: true }).where(eq(users.id, player.userId));
    expect(await mayReceiveMarketingMail(database.db, player.userId)).toBe('allowed');
    expect(await mayReceiveMarketingMail(database.db, 2_000_000_000)).toBe('unknown-player');
  });

  it.each([
    ['a time break', { timeBreakDays: 1 }],
    ['a self-exclusion for six months', { selfExclusion: 'yes', selfExclusionPeriod: 'SIX_MONTHS' }],
    ['a permanent self-exclusion', { selfExclusion: 'yes', selfExclusionPeriod: 'INDEFINITE' }],
  ])('refuses a player during %s, consent or not', async (_what, body) => {
    const { database } = await testServer();
    const player = await consentingPlayer();
    expect((await setting(player.client, body)).status).toBe(200);
    expect(await mayReceiveMarketingMail(database.db, player.userId)).toBe('excluded');
  });

  it('allows the player again once a break has ended', async () => {
    const { database, owner } = await testServer();
    const player = await consentingPlayer();
    const startsAt = new Date(Date.now() - 3 * DAY_MS);
    await owner.db
      .insert(responsiblePlayExclusions)
      .values({ userId: player.userId, kind: 'time_break', period: '1d', startsAt, endsAt: new Date(startsAt.getTime() + DAY_MS) });
    expect(await mayReceiveMarketingMail(database.db, player.userId)).toBe('allowed');
    // Asked about a moment inside the break, the answer is no.
    expect(await mayReceiveMarketingMail(database.db, player.userId, new Date(startsAt.getTime() + 1000))).toBe('excluded');
  });

  it('is what the marketing sender obeys: nothing reaches an excluded player', async () => {
    const { database } = await testServer();
    const sent: OutgoingMail[] = [];
    const mailer = { kind: 'sandbox' as const, send: async (mail: OutgoingMail) => void sent.push(mail) };
    const player = await consentingPlayer();
    const offer = { subject: 'Weekend offer', text: 'Offer', html: '<p>Offer</p>' };
    expect(await sendMarketingMail({ db: database.db, mailer }, player.userId, offer)).toBe('sent');
    expect((await setting(player.client, { selfExclusion: 'yes', selfExclusionPeriod: 'ONE_YEAR' })).status).toBe(200);
    expect(await sendMarketingMail({ db: database.db, mailer }, player.userId, offer)).toBe('excluded');
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([[player.email, 'Weekend offer']]);
  });
});
