import type { DomainEvent, DomainEventType } from '@casino/contracts/events';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { mailInRequests, packages, paymentIntents, redemptions, users } from '../../db/schema/index.js';
import type { EventContext, Subscriber } from '../../events/event-bus.js';
import type { OutgoingMail } from '../../providers/mail/mailer.js';
import { queueMail, type MailSender, type PlayerMailTemplate } from './mail-queue.js';
import { kycApprovedMail } from './templates/kyc-approved.js';
import { kycFailedMail } from './templates/kyc-failed.js';
import { mailInEntryDecidedMail } from './templates/mail-in-entry-decided.js';
import { newDeviceSignInMail } from './templates/new-device-sign-in.js';
import { passwordChangedMail } from './templates/password-changed.js';
import { packageNameOf, purchaseReceiptMail } from './templates/purchase-receipt.js';
import { redemptionFailedMail } from './templates/redemption-failed.js';
import { redemptionPaidMail } from './templates/redemption-paid.js';
import { redemptionRequestedMail } from './templates/redemption-requested.js';
import { selfExclusionConfirmationMail } from './templates/self-exclusion-confirmation.js';
import { timeBreakConfirmationMail } from './templates/time-break-confirmation.js';

/** The events a player is mailed about, each with its template (docs/decisions/062-player-mails.md). */
const TEMPLATES = {
  PurchaseCredited: 'purchase-receipt',
  RedemptionRequested: 'redemption-requested',
  RedemptionPaid: 'redemption-paid',
  RedemptionFailed: 'redemption-failed',
  PasswordChanged: 'password-changed',
  KycApproved: 'kyc-approved',
  KycFailed: 'kyc-failed',
  TimeBreakTaken: 'time-break-confirmation',
  SelfExclusionTaken: 'self-exclusion-confirmation',
  NewDeviceSignIn: 'new-device-sign-in',
  MailInEntryDecided: 'mail-in-entry-decided',
} as const satisfies Partial<Record<DomainEventType, PlayerMailTemplate>>;

type MailedEvent = Extract<DomainEvent, { type: keyof typeof TEMPLATES }>;

/** Where a mail's button leads: the product's pages, from the configured public URL only. */
export function playerMailLinks(publicUrl: string) {
  const tab = (name: string) => `${publicUrl}/user/account-details?tab=${name}`;
  return {
    play: `${publicUrl}/`,
    transactions: tab('transactions'),
    redeem: `${publicUrl}/redeem`,
    verification: tab('verification'),
    security: tab('security'),
    mailIn: `${publicUrl}/mail-in-entry`,
  };
}

/**
 * The outbox's mail subscriber: it renders the mail of each account event from the committed
 * state it reads in the delivery's transaction, queues it there (mail-queue.ts) and sends it once
 * that transaction committed. These are account mails, sent to every player whatever their
 * marketing choices or exclusions; a marketing mail goes through sendMarketingMail instead.
 */
/** `publicUrl` is read at each mail: the configured address can be settled after the start (tests). */
export function playerMailSubscriber(deps: { publicUrl: () => string; sender: MailSender }): Subscriber {
  async function render(tx: Transaction, event: MailedEvent, at: Date): Promise<OutgoingMail | null> {
    const links = playerMailLinks(deps.publicUrl());
    const [player] = await tx
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(eq(users.id, event.payload.userId));
    if (!player) return null;
    const to = player.email;
    const username = player.username;
    switch (event.type) {
      case 'PurchaseCredited': {
        const [intent] = await tx
          .select({ orderId: paymentIntents.merchantRefNum, slug: packages.slug })
          .from(paymentIntents)
          .innerJoin(packages, eq(packages.id, paymentIntents.packageId))
          .where(eq(paymentIntents.id, event.payload.intentId));
        if (!intent) return null;
        return purchaseReceiptMail({
          to,
          username,
          orderId: intent.orderId,
          packageName: packageNameOf(intent.slug),
          gc: event.payload.gc,
          sc: event.payload.sc,
          amount: event.payload.amount,
          paidAt: at,
          playUrl: links.play,
        });
      }
      case 'RedemptionRequested':
      case 'RedemptionPaid':
      case 'RedemptionFailed': {
        const [redemption] = await tx
          .select({ method: redemptions.method, failureReason: redemptions.failureReason })
          .from(redemptions)
          .where(eq(redemptions.id, event.payload.redemptionId));
        if (!redemption) return null;
        const notice = {
          to,
          username,
          redemptionId: event.payload.redemptionId,
          amount: event.payload.amount,
          method: redemption.method,
          at,
          transactionsUrl: links.transactions,
        };
        if (event.type === 'RedemptionRequested') return redemptionRequestedMail(notice);
        if (event.type === 'RedemptionPaid') return redemptionPaidMail(notice);
        return redemptionFailedMail({ ...notice, failureReason: redemption.failureReason });
      }
      case 'PasswordChanged':
        return passwordChangedMail({ to, username, via: event.payload.via, changedAt: at, signInUrl: links.play });
      case 'KycApproved':
        return kycApprovedMail({ to, username, redeemUrl: links.redeem });
      case 'KycFailed':
        return kycFailedMail({ to, username, verificationUrl: links.verification });
      case 'TimeBreakTaken':
        return timeBreakConfirmationMail({ to, username, startedAt: at, endsAt: new Date(event.payload.endsAt) });
      case 'SelfExclusionTaken':
        return selfExclusionConfirmationMail({
          to,
          username,
          startedAt: at,
          endsAt: event.payload.endsAt ? new Date(event.payload.endsAt) : null,
        });
      case 'NewDeviceSignIn':
        return newDeviceSignInMail({ to, username, device: event.payload.device, signedInAt: at, securityUrl: links.security });
      case 'MailInEntryDecided': {
        const [request] = await tx
          .select({ code: mailInRequests.code })
          .from(mailInRequests)
          .where(eq(mailInRequests.id, event.payload.requestId));
        if (!request) return null;
        return mailInEntryDecidedMail({ to, username, ...event.payload, code: request.code, at, mailInUrl: links.mailIn });
      }
    }
  }

  return {
    name: 'player-mail',
    handles: Object.keys(TEMPLATES) as (keyof typeof TEMPLATES)[],
    async handle(event: DomainEvent, context: EventContext) {
      if (!(event.type in TEMPLATES)) return;
      const mailed = event as MailedEvent;
      const mail = await render(context.tx, mailed, context.occurredAt);
      if (!mail) return;
      const id = await queueMail(context.tx, {
        eventId: context.eventId,
        userId: mailed.payload.userId,
        template: TEMPLATES[mailed.type],
        mail,
      });
      if (id !== null) context.afterCommit(() => deps.sender.send(id));
    },
  };
}
