import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { playerMailQueue } from '../../db/schema/index.js';
import { MailDeliveryError, type OutgoingMail } from '../../providers/mail/mailer.js';
import { testServer } from '../../test/harness.js';
import { signedInClient } from '../../test/signed-in.js';
import { createMailSender, MAIL_ATTEMPTS, queueMail } from './mail-queue.js';

const mail: OutgoingMail = { to: 'queue.player@games.test', subject: 'Queued', text: 'Text', html: '<p>Html</p>' };

async function queued(userId: number, eventId: number): Promise<number> {
  const { database } = await testServer();
  const id = await database.db.transaction((tx) => queueMail(tx, { eventId, userId, template: 'kyc-approved', mail }));
  return id!;
}

describe('the player mail queue', () => {
  it('keeps a refused mail for the sweep, which sends it later, and logs neither address nor words', async () => {
    const { database } = await testServer();
    const player = await signedInClient('mq');
    const eventId = 900_000_000 + player.userId;
    const id = await queued(player.userId, eventId);
    // The same event's mail is queued once, whatever the deliveries.
    expect(
      await database.db.transaction((tx) => queueMail(tx, { eventId, userId: player.userId, template: 'kyc-approved', mail })),
    ).toBeNull();

    const sent: OutgoingMail[] = [];
    let refuse = true;
    const logged: unknown[] = [];
    const sender = createMailSender({
      db: database.db,
      mailer: {
        kind: 'sandbox',
        send: async (one) => {
          if (refuse) throw new MailDeliveryError('421 try again later');
          sent.push(one);
        },
      },
      log: { error: (object) => void logged.push(object) },
    });
    await sender.send(id);
    const [kept] = await database.db.select().from(playerMailQueue).where(eq(playerMailQueue.id, id));
    expect(kept).toMatchObject({ attempts: 1, lastError: '421 try again later', failedAt: null });
    expect(kept!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(JSON.stringify(logged)).not.toContain(mail.to);
    expect(JSON.stringify(logged)).not.toContain('Html');

    // Not yet due: the sweep leaves it; once due, it is sent and no copy stays.
    expect(await sender.sendDue()).toBe(0);
    refuse = false;
    await database.db
      .update(playerMailQueue)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(playerMailQueue.id, id));
    expect(await sender.sendDue()).toBe(1);
    expect(sent).toEqual([mail]);
    expect(await database.db.select().from(playerMailQueue).where(eq(playerMailQueue.id, id))).toEqual([]);
  });

  it('sets a mail aside after its last attempt', async () => {
    const { database } = await testServer();
    const player = await signedInClient('mq');
    const id = await queued(player.userId, 910_000_000 + player.userId);
    const sender = createMailSender({
      db: database.db,
      mailer: { kind: 'sandbox', send: () => Promise.reject(new MailDeliveryError('550 mailbox unavailable')) },
      log: { error: () => undefined },
    });
    for (let attempt = 0; attempt < MAIL_ATTEMPTS; attempt += 1) {
      await database.db
        .update(playerMailQueue)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(playerMailQueue.id, id));
      await sender.send(id);
    }
    const [row] = await database.db.select().from(playerMailQueue).where(eq(playerMailQueue.id, id));
    expect(row).toMatchObject({ attempts: MAIL_ATTEMPTS });
    expect(row!.failedAt).not.toBeNull();
    await database.db
      .update(playerMailQueue)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(playerMailQueue.id, id));
    expect(await sender.sendDue()).toBe(0);
  });
});
