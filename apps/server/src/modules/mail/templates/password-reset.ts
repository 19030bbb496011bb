import type { OutgoingMail } from '../../../providers/mail/mailer.js';
import { renderMail } from '../layout.js';
import { formatDuration } from '../mail-format.js';

/** Forgot The Password: the link that sets a new password. */
export function passwordResetMail(input: { to: string; username: string; link: string; ttlSeconds: number }): OutgoingMail {
  return renderMail({
    to: input.to,
    subject: 'Reset your password',
    preview: 'The link to choose a new password for your Lucky Crown account.',
    heading: 'Reset your password',
    greeting: `Hi ${input.username},`,
    paragraphs: [
      'We received a request to reset the password of your Lucky Crown account.',
      `The link works once and expires in ${formatDuration(input.ttlSeconds)}. Resetting your password signs you out on every device.`,
    ],
    action: { label: 'Reset password', url: input.link, spellOut: true },
    footnote: 'If you did not ask to reset your password, you can ignore this e-mail: your password stays the same.',
  });
}
