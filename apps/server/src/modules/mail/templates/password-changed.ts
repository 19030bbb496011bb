import type { OutgoingMail } from '../../../providers/mail/mailer.js';
import { renderMail } from '../layout.js';
import { formatMoment } from '../mail-format.js';

/** The password of the account was changed: from the account page or through a reset link. */
export function passwordChangedMail(input: {
  to: string;
  username: string;
  via: 'account' | 'reset-link';
  changedAt: Date;
  signInUrl: string;
}): OutgoingMail {
  return renderMail({
    to: input.to,
    subject: 'Your password was changed',
    preview: 'The password of your Lucky Crown account was just changed.',
    heading: 'Your password was changed',
    greeting: `Hi ${input.username},`,
    paragraphs: [
      input.via === 'account'
        ? `The password of your Lucky Crown account was changed from your account page on ${formatMoment(input.changedAt)}. Your other devices were signed out.`
        : `The password of your Lucky Crown account was reset with a link sent to this address on ${formatMoment(input.changedAt)}. Every device was signed out.`,
      'If you made this change, there is nothing more to do.',
    ],
    action: { label: 'Go to Lucky Crown', url: input.signInUrl },
    footnote:
      'If you did not change your password, someone else may know it: choose Forgot The Password in the sign-in window to set a new one, and write to support.',
  });
}
