/**
 * The mailbox an e-mail address delivers to, as one string, so that two spellings of one mailbox
 * compare equal (docs/decisions/056-referral-rewards-held-for-review.md):
 * - case does not matter (mail providers ignore it in practice, and sign-up stores lower case);
 * - a plus-tag is dropped (`ada+alt@…` is delivered to `ada@…` by Gmail, Outlook, iCloud,
 *   Fastmail and most hosts: two accounts made that way share one inbox);
 * - Gmail ignores dots in the name, and googlemail.com is gmail.com.
 * Dots elsewhere are kept: on other hosts `a.b@` and `ab@` can be two people.
 */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function normalisedEmail(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}
