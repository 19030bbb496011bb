import type { OutgoingMail } from '../../../providers/mail/mailer.js';
import { renderMail } from '../layout.js';

/** The identity vendor could not verify the player: they may try again from the Verification tab. */
export function kycFailedMail(input: { to: string; username: string; verificationUrl: string }): OutgoingMail {
  return renderMail({
    to: input.to,
    subject: 'We could not verify your identity',
    preview: 'Your identity verification did not go through. You can try again.',
    heading: 'Identity not verified',
    greeting: `Hi ${input.username},`,
    paragraphs: [
      'Your identity verification did not go through. This often happens with a blurred photo, a document cut off at the edges, or a name that differs from your account.',
      'You can start a new verification from the Verification tab of your account. Until your identity is verified, Sweepstakes Coins cannot be redeemed.',
    ],
    action: { label: 'Try again', url: input.verificationUrl },
    footnote: 'If you keep seeing this, write to support and we will help.',
  });
}
