import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { playerMailQueue } from '../../db/schema/index.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import type { Mailer, OutgoingMail } from '../../providers/mail/mailer.js';

/**
 * The player mails' queue (docs/decisions/062-player-mails.md). The outbox's mail subscriber
 * writes a mail here in the delivery that marks its event delivered, so a mail exists exactly when
 * its event was committed and delivered; it is sent after that commit and deleted once the mailer
 * accepted it. A failed send is tried again with a growing delay by the sweep job, and set aside
 * (failed_at) after its last attempt. A crash between the mailer's acceptance and the delete sends
 * the mail again: at least once, as every effect outside the database.
 */
export const MAIL_ATTEMPTS = 8;
export const MAIL_SWEEP_SECONDS = 30;
/** While one process sends a mail, no other takes it (the lease outlives any SMTP timeout). */
const SEND_LEASE_SECONDS = 300;

export type PlayerMailTemplate =
  | 'purchase-receipt'
  | 'redemption-requested'
  | 'redemption-paid'
  | 'redemption-failed'
  | 'password-changed'
  | 'kyc-approved'
  | 'kyc-failed'
  | 'time-break-confirmation'
  | 'self-exclusion-confirmation'
  | 'new-device-sign-in'
  | 'mail-in-entry-decided';

/** Queues an event's mail in the delivery's transaction; answers its id, or null if the event has one already. */
export async function queueMail(
  tx: Transaction,
  entry: { eventId: number; userId: number; template: PlayerMailTemplate; mail: OutgoingMail },
): Promise<number | null> {
  const [row] = await tx
    .insert(playerMailQueue)
    .values({
      eventId: entry.eventId,
      userId: entry.userId,
      template: entry.template,
      toAddress: entry.mail.to,
      subject: entry.mail.subject,
      textBody: entry.mail.text,
      htmlBody: entry.mail.html,
    })
    .onConflictDoNothing({ target: playerMailQueue.eventId })
    .returning({ id: playerMailQueue.id });
  return row?.id ?? null;
}

export interface MailSender {
  /** Sends one queued mail if it is due and not being sent elsewhere. */
  send(id: number): Promise<void>;
  /** Sends every due mail (the sweep); answers how many were accepted. */
  sendDue(limit?: number): Promise<number>;
}

export function createMailSender(deps: {
  db: Database;
  mailer: Mailer;
  log: { error: (object: unknown, message: string) => void };
}): MailSender {
  const { db, mailer, log } = deps;

  async function send(id: number): Promise<boolean> {
    // Taking the lease is the claim: a second sender finds the mail not due and leaves it.
    const [mail] = await db
      .update(playerMailQueue)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${SEND_LEASE_SECONDS})` })
      .where(and(eq(playerMailQueue.id, id), isNull(playerMailQueue.failedAt), lte(playerMailQueue.nextAttemptAt, sql`now()`)))
      .returning();
    if (!mail) return false;
    try {
      await mailer.send({ to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
    } catch (error) {
      // The log names the mail and its template, never its address or its words.
      log.error({ err: error, mailId: mail.id, template: mail.template }, 'sending a player mail failed; it will be tried again');
      await db
        .update(playerMailQueue)
        .set({
          attempts: sql`${playerMailQueue.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => 30 * power(2, least(${playerMailQueue.attempts}, 8)))`,
          failedAt: sql`case when ${playerMailQueue.attempts} + 1 >= ${MAIL_ATTEMPTS} then now() end`,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 2000),
        })
        .where(eq(playerMailQueue.id, mail.id));
      return false;
    }
    await db.delete(playerMailQueue).where(eq(playerMailQueue.id, mail.id));
    return true;
  }

  return {
    async send(id) {
      await send(id);
    },
    async sendDue(limit = 100) {
      const due = await db
        .select({ id: playerMailQueue.id })
        .from(playerMailQueue)
        .where(and(isNull(playerMailQueue.failedAt), lte(playerMailQueue.nextAttemptAt, sql`now()`)))
        .orderBy(asc(playerMailQueue.nextAttemptAt), asc(playerMailQueue.id))
        .limit(limit);
      let sent = 0;
      for (const row of due) if (await send(row.id)) sent += 1;
      return sent;
    },
  };
}

/** The sweep: mails not sent right after their delivery (a failed send, a process that stopped). */
export function defineMailJobs(jobs: JobRunner, sender: MailSender): void {
  jobs.define('mail.send', {
    everySeconds: MAIL_SWEEP_SECONDS,
    handler: async () => {
      await sender.sendDue();
    },
  });
}
