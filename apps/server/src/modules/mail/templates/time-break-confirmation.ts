import type { OutgoingMail } from '../../../providers/mail/mailer.js';
import { renderMail } from '../layout.js';
import { formatMoment } from '../mail-format.js';

/**
 * The player took a time break (Responsible Play). Transactional, not marketing: it is sent even
 * though the player is now excluded from play and from marketing mail.
 */
export function timeBreakConfirmationMail(input: { to: string; username: string; startedAt: Date; endsAt: Date }): OutgoingMail {
  return renderMail({
    to: input.to,
    subject: 'Your time break has started',
    preview: `You are on a break until ${formatMoment(input.endsAt)}.`,
    heading: 'Your time break has started',
    greeting: `Hi ${input.username},`,
    paragraphs: [
      'You asked for a time break from Lucky Crown, and it has started. You have been signed out on every device, you cannot sign in or play until it ends, and we will not send you offers meanwhile.',
      'A break cannot be shortened once taken.',
    ],
    details: [
      { label: 'Started', value: formatMoment(input.startedAt) },
      { label: 'Ends', value: formatMoment(input.endsAt) },
    ],
    footnote:
      'If gambling is causing problems for you or someone you know, help is free and confidential: call 1-800-GAMBLER (1-800-426-2537).',
  });
}
