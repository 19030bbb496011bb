import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessibleAtBothWidths } from '../support/axe.js';
import { closeOffers, registerVerifiedPlayer, signInThroughApi } from '../support/players.js';
import { completeProfile } from '../support/redeem.js';
import { shootBothWidths } from '../support/screenshots.js';

/**
 * Mail-in entry (docs/decisions/069-mail-in-entry.md): a player asks for a request code on
 * /mail-in-entry; a support operator (made by admin:create's code before the server starts,
 * playwright.config.ts) signs in with TOTP, types the code from the "card" on the Mail-in desk and
 * enters it; the player sees the request credited and the bonus SC in the balance.
 */
const operator = { email: process.env.E2E_MAILIN_OPERATOR_EMAIL ?? '', password: process.env.E2E_OPERATOR_PASSWORD ?? '' };

function codeOf(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

async function signInOperator(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('6-digit code').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByTestId('operator-name')).toHaveText('E2E Mail-in');
}

const scBalance = (page: Page) => page.getByRole('banner').getByRole('status', { name: 'SC balance' });

test('a player requests a mail-in code, an operator credits the card, and the player sees it credited with the SC', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  expect(operator.email).toContain('@');

  // A visitor reads the rules from the footer's link, and is asked to sign in for a code.
  await page.goto('/promotions-page');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Mail-in Entry' }).click();
  await expect(page).toHaveURL(/\/mail-in-entry$/);
  await expect(page.getByRole('heading', { name: 'Mail-in Entry', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to send your card' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // The player: the start-up bonuses claimed (0.50 + 2.00 SC) and a complete profile, so no dialog covers the page.
  const player = await registerVerifiedPlayer(page, 'mail');
  await signInThroughApi(page, player);
  for (const kind of ['daily', 'welcome']) expect((await page.request.post(`/api/v1/bonus/${kind}-bonus`)).status()).toBe(200);
  await completeProfile(page);
  await page.goto('/mail-in-entry');
  await closeOffers(page);
  await expect(scBalance(page)).toHaveText('2.50');

  await page.getByRole('button', { name: 'Get my request code' }).click();
  const shown = page.getByTestId('mail-in-code');
  await expect(shown).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  const code = (await shown.textContent())!;
  await expect(page.getByRole('status').filter({ hasText: 'Your request code is ready.' })).toBeVisible();
  const request = page.getByTestId('mail-in-request').first();
  await expect(request).toContainText(code);
  await expect(request).toContainText('Open');
  await expect(page.getByRole('button', { name: 'Get my request code' })).toHaveCount(0);
  await shootBothWidths(page, 'mail-in-entry', { fullPage: true });
  await expectAccessibleAtBothWidths(page, 'the mail-in entry page');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The operator: the Mail-in desk, the card's code as written on it (lower case, spaces).
  const desk = await context.newPage();
  await desk.setViewportSize({ width: 1440, height: 900 });
  await signInOperator(desk);
  await desk.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Mail-in entries' }).click();
  await expect(desk.getByRole('heading', { name: 'Mail-in entries' })).toBeVisible();
  await desk.getByLabel('Code on the card').fill(code.toLowerCase().replaceAll('-', ' '));
  await desk.getByRole('button', { name: 'Look up' }).click();
  const found = desk.getByLabel('Request found');
  await expect(found).toContainText(player.userName);
  await expect(found).toContainText('Reda Player');
  await expect(found).toContainText('12 Crown Street');
  await desk.getByLabel('The name and address on the card match the account').check();
  await desk.getByRole('button', { name: 'Enter card' }).click();
  await expect(desk.getByText('Please give a reason (at least 5 characters).')).toBeVisible();
  await desk.getByLabel('Reason (kept in the audit trail)').fill('Postcard received, name and address checked');
  await desk.getByRole('button', { name: 'Enter card' }).click();
  await expect(desk.getByRole('status')).toHaveText(`Card accepted: 5.00 SC credited to ${player.userName}.`);
  await expect(desk.getByRole('row').filter({ hasText: code })).toContainText('Credited 5.00 SC');

  // The same card entered again is refused: the code was used.
  await desk.getByLabel('Code on the card').fill(code);
  await desk.getByLabel('Reason (kept in the audit trail)').fill('The same postcard, entered twice');
  await desk.getByRole('button', { name: 'Enter card' }).click();
  await expect(desk.getByRole('status')).toHaveText('Card refused: This code was already used by an earlier card.');

  // The player's open page hears the new balance over the wallet socket; the request reads credited.
  await expect(scBalance(page)).toHaveText('7.50');
  await page.reload();
  await expect(page.getByTestId('mail-in-request').first()).toContainText('Credited');
  await expect(page.getByTestId('mail-in-request').first()).toContainText('5.00 SC credited as bonus Sweeps Coins.');
  await expect(scBalance(page)).toHaveText('7.50');
  // A new code can be asked for once the last one is decided.
  await expect(page.getByRole('button', { name: 'Get my request code' })).toBeVisible();
});
