import type { OutgoingMail } from '../../../providers/mail/mailer.js';
import { renderMail } from '../layout.js';
import { formatMoment, formatSc, formatUsd } from '../mail-format.js';
import { PAYOUT_METHOD_LABELS, type RedemptionNotice } from './redemption-requested.js';

/** The payout provider paid a redemption (status 1). */
export function redemptionPaidMail(input: RedemptionNotice): OutgoingMail {
  return renderMail({
    to: input.to,
    subject: 'Your redemption has been paid',
    preview: `${formatUsd(input.amount)} is on its way to you.`,
    heading: 'Redemption paid',
    greeting: `Hi ${input.username},`,
    paragraphs: [
      `Good news: your redemption of ${formatSc(input.amount)} has been paid. Depending on your bank, the money may take a few business days to show in your account.`,
    ],
    details: [
      { label: 'Request', value: `#${input.redemptionId}` },
      { label: 'Amount paid', value: formatUsd(input.amount) },
      { label: 'Paid to', value: PAYOUT_METHOD_LABELS[input.method] },
      { label: 'Paid on', value: formatMoment(input.at) },
    ],
    action: { label: 'View your transactions', url: input.transactionsUrl },
    footnote: 'Thank you for playing at Lucky Crown.',
  });
}
