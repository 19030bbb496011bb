import type { OutgoingMail } from '../../../providers/mail/mailer.js';
import { renderMail } from '../layout.js';
import { formatMoment, formatSc, formatUsd } from '../mail-format.js';

export interface RedemptionNotice {
  to: string;
  username: string;
  redemptionId: number;
  /** Sweepstakes Coins in hundredths; one SC redeems for one dollar. */
  amount: number;
  method: 'BANK' | 'EWALLET' | 'CARD';
  at: Date;
  transactionsUrl: string;
}

export const PAYOUT_METHOD_LABELS: Record<RedemptionNotice['method'], string> = {
  BANK: 'Bank account',
  EWALLET: 'E-wallet',
  CARD: 'Debit card',
};

/** A redemption was requested: its SC left the redeemable balance for review (status 0). */
export function redemptionRequestedMail(input: RedemptionNotice): OutgoingMail {
  return renderMail({
    to: input.to,
    subject: 'We received your redemption request',
    preview: `Your redemption of ${formatSc(input.amount)} is under review.`,
    heading: 'Redemption requested',
    greeting: `Hi ${input.username},`,
    paragraphs: [
      'We received your request to redeem Sweepstakes Coins. Every redemption is reviewed before it is paid; we will write again once it is paid.',
      'While it is pending, you can cancel it from the Transactions page of your account: the coins go back to your redeemable balance.',
    ],
    details: [
      { label: 'Request', value: `#${input.redemptionId}` },
      { label: 'Sweepstakes Coins', value: formatSc(input.amount) },
      { label: 'You will receive', value: formatUsd(input.amount) },
      { label: 'Paid to', value: PAYOUT_METHOD_LABELS[input.method] },
      { label: 'Requested', value: formatMoment(input.at) },
    ],
    action: { label: 'View your transactions', url: input.transactionsUrl },
    footnote: 'If you did not ask for this redemption, cancel it and change your password at once.',
  });
}
