import type { OutgoingMail } from '../../../providers/mail/mailer.js';
import { renderMail } from '../layout.js';
import { formatDuration } from '../mail-format.js';

/** Sent at sign-up and on request: the link that verifies the address (seed 000 section 4). */
export function emailVerificationMail(input: { to: string; username: string; link: string; ttlSeconds: number }): OutgoingMail {
  return renderMail({
    to: input.to,
    subject: 'Verify your e-mail address',
    preview: 'One click to finish creating your Lucky Crown account.',
    heading: 'Verify your e-mail address',
    greeting: `Hi ${input.username},`,
    paragraphs: [
      'Welcome to Lucky Crown! Please confirm that this is your e-mail address to finish creating your account.',
      `The link works once and expires in ${formatDuration(input.ttlSeconds)}.`,
    ],
    action: { label: 'Verify e-mail', url: input.link, spellOut: true },
    footnote: 'If you did not create a Lucky Crown account, you can ignore this e-mail.',
  });
}
