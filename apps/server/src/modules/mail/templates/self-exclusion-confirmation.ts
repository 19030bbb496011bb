import type { OutgoingMail } from '../../../providers/mail/mailer.js';
import { renderMail } from '../layout.js';
import { formatMoment } from '../mail-format.js';

/**
 * The player excluded themself (Responsible Play). Transactional, not marketing: it is sent although
 * the player is excluded from marketing mail from this moment on.
 */
export function selfExclusionConfirmationMail(input: { to: string; username: string; startedAt: Date; endsAt: Date | null }): OutgoingMail {
  const until = input.endsAt ? formatMoment(input.endsAt) : null;
  return renderMail({
    to: input.to,
    subject: 'Your self-exclusion is in place',
    preview: until ? `You are excluded until ${until}.` : 'You are excluded from Lucky Crown permanently.',
    heading: 'Your self-exclusion is in place',
    greeting: `Hi ${input.username},`,
    paragraphs: [
      until
        ? `You excluded yourself from Lucky Crown until ${until}. You have been signed out on every device and cannot sign in or play until then.`
        : 'You excluded yourself from Lucky Crown permanently. You have been signed out on every device and cannot sign in or play again.',
      'We will not send you offers or promotions. Mails about your account, such as a redemption you asked for, still reach you.',
      'A self-exclusion cannot be shortened or lifted once taken.',
    ],
    details: [
      { label: 'Started', value: formatMoment(input.startedAt) },
      { label: 'Ends', value: until ?? 'Never (permanent)' },
    ],
    footnote:
      'If gambling is causing problems for you or someone you know, help is free and confidential: call 1-800-GAMBLER (1-800-426-2537).',
  });
}
