import type { OutgoingMail } from '../../providers/mail/mailer.js';
import type { PlayerMailTemplate } from './mail-queue.js';
import { playerMailLinks } from './player-mail-subscriber.js';
import { emailVerificationMail } from './templates/email-verification.js';
import { kycApprovedMail } from './templates/kyc-approved.js';
import { kycFailedMail } from './templates/kyc-failed.js';
import { mailInEntryDecidedMail } from './templates/mail-in-entry-decided.js';
import { newDeviceSignInMail } from './templates/new-device-sign-in.js';
import { passwordChangedMail } from './templates/password-changed.js';
import { passwordResetMail } from './templates/password-reset.js';
import { purchaseReceiptMail } from './templates/purchase-receipt.js';
import { redemptionFailedMail } from './templates/redemption-failed.js';
import { redemptionPaidMail } from './templates/redemption-paid.js';
import { redemptionRequestedMail } from './templates/redemption-requested.js';
import { selfExclusionConfirmationMail } from './templates/self-exclusion-confirmation.js';
import { timeBreakConfirmationMail } from './templates/time-break-confirmation.js';

export interface TemplateSample {
  template: PlayerMailTemplate | 'email-verification' | 'password-reset';
  /** What sends it, for the sandbox page. */
  sentWhen: string;
  mail: OutgoingMail;
}

/**
 * Every mail template rendered with made-up data, for the sandbox mail page's gallery: a designer
 * or a tester sees each mail without causing its business action. Nothing here is a real player.
 */
export function templateSamples(publicUrl: string): TemplateSample[] {
  const links = playerMailLinks(publicUrl);
  const to = 'lucky.player@example.com';
  const username = 'LuckyPlayer';
  const at = new Date(Date.UTC(2026, 11, 7, 18, 30));
  const redemption = { to, username, redemptionId: 1042, amount: 75_50, method: 'BANK' as const, at, transactionsUrl: links.transactions };
  const sampleLink = (path: string) => `${publicUrl}${path}?token=sample-link-not-valid`;
  return [
    {
      template: 'purchase-receipt',
      sentWhen: 'A coin package was paid and its coins credited',
      mail: purchaseReceiptMail({
        to,
        username,
        orderId: 'LC-8f3a2c91d4e7',
        packageName: 'Gold Package',
        gc: 4_000_000,
        sc: 41_00,
        amount: 19_99,
        paidAt: at,
        playUrl: links.play,
      }),
    },
    { template: 'redemption-requested', sentWhen: 'A redemption was requested', mail: redemptionRequestedMail(redemption) },
    { template: 'redemption-paid', sentWhen: 'The payout provider paid a redemption', mail: redemptionPaidMail(redemption) },
    {
      template: 'redemption-failed',
      sentWhen: 'A payout failed or an operator rejected the redemption',
      mail: redemptionFailedMail({ ...redemption, failureReason: 'ACCOUNT_CLOSED' }),
    },
    {
      template: 'password-changed',
      sentWhen: 'The password was changed on the account page or with a reset link',
      mail: passwordChangedMail({ to, username, via: 'account', changedAt: at, signInUrl: links.play }),
    },
    {
      template: 'kyc-approved',
      sentWhen: 'The identity vendor approved the verification',
      mail: kycApprovedMail({ to, username, redeemUrl: links.redeem }),
    },
    {
      template: 'kyc-failed',
      sentWhen: 'The identity vendor could not verify the player',
      mail: kycFailedMail({ to, username, verificationUrl: links.verification }),
    },
    {
      template: 'time-break-confirmation',
      sentWhen: 'The player took a time break',
      mail: timeBreakConfirmationMail({ to, username, startedAt: at, endsAt: new Date(at.getTime() + 7 * 86_400_000) }),
    },
    {
      template: 'self-exclusion-confirmation',
      sentWhen: 'The player excluded themself',
      mail: selfExclusionConfirmationMail({ to, username, startedAt: at, endsAt: new Date(Date.UTC(2027, 5, 7, 18, 30)) }),
    },
    {
      template: 'new-device-sign-in',
      sentWhen: 'The account was signed in from a browser it had not seen',
      mail: newDeviceSignInMail({ to, username, device: 'Chrome on Windows', signedInAt: at, securityUrl: links.security }),
    },
    {
      template: 'mail-in-entry-decided',
      sentWhen: 'An operator entered the player’s mail-in card: credited or refused',
      mail: mailInEntryDecidedMail({
        to,
        username,
        code: 'K7QMX4TZ9BHP',
        outcome: 'credited',
        sc: 5_00,
        refusalReason: null,
        at,
        mailInUrl: links.mailIn,
      }),
    },
    {
      template: 'email-verification',
      sentWhen: 'Sign-up, or a new verification link asked for',
      mail: emailVerificationMail({ to, username, link: sampleLink('/user/verifyEmail'), ttlSeconds: 86_400 }),
    },
    {
      template: 'password-reset',
      sentWhen: 'Forgot The Password',
      mail: passwordResetMail({ to, username, link: sampleLink('/user/forgotPassword'), ttlSeconds: 3600 }),
    },
  ];
}
