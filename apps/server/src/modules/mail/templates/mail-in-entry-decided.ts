import { formatMailInCode, mailInRefusalLabels, type MailInRequestRefusal } from '@casino/contracts/mail-in';
import type { OutgoingMail } from '../../../providers/mail/mailer.js';
import { renderMail } from '../layout.js';
import { formatMoment, formatSc } from '../mail-format.js';

export interface MailInEntryNotice {
  to: string;
  username: string;
  code: string;
  outcome: 'credited' | 'refused';
  /** Hundredths of SC credited (0 when refused). */
  sc: number;
  refusalReason: MailInRequestRefusal | null;
  at: Date;
  mailInUrl: string;
}

/** An operator entered the player's mail-in card: credited as bonus SC, or refused with the reason. */
export function mailInEntryDecidedMail(input: MailInEntryNotice): OutgoingMail {
  const credited = input.outcome === 'credited';
  return renderMail({
    to: input.to,
    subject: credited ? 'Your mail-in entry was credited' : 'Your mail-in entry was not accepted',
    preview: credited ? `${formatSc(input.sc)} were added to your bonus Sweeps Coins.` : 'We could not accept your card.',
    heading: credited ? 'Mail-in entry credited' : 'Mail-in entry not accepted',
    greeting: `Hi ${input.username},`,
    paragraphs: credited
      ? [
          `We received your card and added ${formatSc(input.sc)} to your bonus Sweeps Coins. Like every free Sweeps Coin, they become redeemable once played through.`,
        ]
      : [
          `We received your card but could not accept it: ${mailInRefusalLabels[input.refusalReason ?? 'identity_mismatch']}`,
          'You can ask for a new request code on the mail-in entry page and send a new card.',
        ],
    details: [
      { label: 'Request code', value: formatMailInCode(input.code) },
      ...(credited ? [{ label: 'Credited', value: formatSc(input.sc) }] : []),
      { label: 'Decided on', value: formatMoment(input.at) },
    ],
    action: { label: 'Open the mail-in entry page', url: input.mailInUrl },
    footnote: 'No purchase is necessary to play or win at Lucky Crown.',
  });
}
