import { REJECTED_BY_OPERATOR } from '@casino/contracts/admin-money';
import type { OutgoingMail } from '../../../providers/mail/mailer.js';
import { renderMail } from '../layout.js';
import { formatMoment, formatSc } from '../mail-format.js';
import type { RedemptionNotice } from './redemption-requested.js';

/**
 * Why a redemption was not paid, in the player's words. The payout provider's codes are not shown
 * as they are: a code we do not know gets the general sentence.
 */
function reasonOf(failureReason: string | null): string {
  if (failureReason === REJECTED_BY_OPERATOR) return 'Our team could not approve this redemption.';
  if (failureReason === 'ACCOUNT_CLOSED') return 'The bank account it was sent to is closed.';
  return 'The payment to your account could not be completed.';
}

/** A redemption failed or was rejected (status 3): its SC went back to the redeemable balance. */
export function redemptionFailedMail(input: RedemptionNotice & { failureReason: string | null }): OutgoingMail {
  return renderMail({
    to: input.to,
    subject: 'Your redemption could not be paid',
    preview: `${formatSc(input.amount)} are back in your redeemable balance.`,
    heading: 'Redemption not paid',
    greeting: `Hi ${input.username},`,
    paragraphs: [
      `${reasonOf(input.failureReason)} Your ${formatSc(input.amount)} are back in your redeemable balance.`,
      'Check your payout details on the Redeem page, then ask for the redemption again.',
    ],
    details: [
      { label: 'Request', value: `#${input.redemptionId}` },
      { label: 'Sweepstakes Coins returned', value: formatSc(input.amount) },
      { label: 'Date', value: formatMoment(input.at) },
    ],
    action: { label: 'View your transactions', url: input.transactionsUrl },
    footnote: 'If you have a question about this redemption, write to support with the request number.',
  });
}
