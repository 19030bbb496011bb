import type { OutgoingMail } from '../../../providers/mail/mailer.js';
import { renderMail } from '../layout.js';

/** The identity vendor approved the player's verification: redemptions are open to them. */
export function kycApprovedMail(input: { to: string; username: string; redeemUrl: string }): OutgoingMail {
  return renderMail({
    to: input.to,
    subject: 'Your identity is verified',
    preview: 'You can now redeem your Sweepstakes Coins.',
    heading: 'Identity verified',
    greeting: `Hi ${input.username},`,
    paragraphs: ['Thank you for verifying your identity. Your account is verified, and you can now redeem the Sweepstakes Coins you win.'],
    action: { label: 'Redeem', url: input.redeemUrl },
    footnote: 'We keep your documents with our verification partner only; they are never shown to other players.',
  });
}
