import type { OutgoingMail } from '../../../providers/mail/mailer.js';
import { renderMail } from '../layout.js';
import { formatMoment } from '../mail-format.js';

/**
 * A sign-in from a browser the account had not seen (docs/decisions/062-player-mails.md). It names
 * the browser and system only: no address, no place, which the product does not keep for this.
 */
export function newDeviceSignInMail(input: {
  to: string;
  username: string;
  device: string;
  signedInAt: Date;
  securityUrl: string;
}): OutgoingMail {
  return renderMail({
    to: input.to,
    subject: 'New sign-in to your account',
    preview: `Your account was signed in from ${input.device}.`,
    heading: 'New sign-in to your account',
    greeting: `Hi ${input.username},`,
    paragraphs: [
      'Your Lucky Crown account was just signed in from a browser it had not been used from before.',
      'If this was you, there is nothing to do. If it was not, change your password now: that signs out every other device.',
    ],
    details: [
      { label: 'Browser', value: input.device },
      { label: 'When', value: formatMoment(input.signedInAt) },
    ],
    action: { label: 'Change password', url: input.securityUrl },
    footnote: 'We send this once for each new browser. Signing in again from the same browser sends nothing.',
  });
}
