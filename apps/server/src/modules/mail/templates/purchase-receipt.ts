import type { OutgoingMail } from '../../../providers/mail/mailer.js';
import { renderMail } from '../layout.js';
import { formatGc, formatMoment, formatSc, formatUsd } from '../mail-format.js';

export interface PurchaseReceipt {
  to: string;
  username: string;
  /** The merchant reference of the purchase: what support asks for. */
  orderId: string;
  packageName: string;
  /** Credited, in hundredths (the package's coins and any first-purchase extra). */
  gc: number;
  sc: number;
  /** Paid, in cents (USD). */
  amount: number;
  paidAt: Date;
  playUrl: string;
}

/** The receipt of a coin package bought: sent once its coins were credited (PurchaseCredited). */
export function purchaseReceiptMail(input: PurchaseReceipt): OutgoingMail {
  return renderMail({
    to: input.to,
    subject: `Your receipt: ${input.packageName}`,
    preview: `${formatGc(input.gc)} and ${formatSc(input.sc)} are in your balance.`,
    heading: 'Thank you for your purchase',
    greeting: `Hi ${input.username},`,
    paragraphs: [
      'Your coins are in your balance and ready to play. Here is your receipt.',
      'Sweepstakes Coins come free with Gold Coins; they cannot be bought.',
    ],
    details: [
      { label: 'Order', value: input.orderId },
      { label: 'Package', value: input.packageName },
      { label: 'Gold Coins', value: formatGc(input.gc) },
      { label: 'Sweepstakes Coins (free)', value: formatSc(input.sc) },
      { label: 'Amount paid', value: formatUsd(input.amount) },
      { label: 'Date', value: formatMoment(input.paidAt) },
    ],
    action: { label: 'Play now', url: input.playUrl },
    footnote: 'Keep this e-mail for your records. For a question about this purchase, write to support with the order number.',
  });
}

/** A package's name for the player, from its slug: "gold-1999" -> "Gold Package". */
export function packageNameOf(slug: string): string {
  const words = slug
    .split('-')
    .filter((word) => !/^\d+$/.test(word))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.length > 0 ? `${words.join(' ')} Package` : 'Coin Package';
}
