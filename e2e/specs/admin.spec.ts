import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { registerVerifiedPlayer } from '../support/players.js';
import { shootBothWidths } from '../support/screenshots.js';

/**
 * The operator back office. The operator was made by `npm run admin:create`'s code before
 * the server started (playwright.config.ts); here they enrol their authenticator at the first
 * sign-in (the secret read from the page, the codes computed from it), sign in again with a new
 * code, find a player, restrict them with a reason, and find that action in the audit trail.
 */
const operator = { email: process.env.E2E_OPERATOR_EMAIL ?? '', password: process.env.E2E_OPERATOR_PASSWORD ?? '' };

/** The authenticator app: the code of the secret, `stepsAhead` 30-second steps from now. */
function codeOf(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

async function enterPassword(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an operator enrols two-factor, signs in with a code, restricts a player and finds it in the audit trail', async ({ page }) => {
  expect(operator.email).toContain('@');
  const player = await registerVerifiedPlayer(page.request, 'adm');

  // A password alone opens nothing: the first sign-in shows the new authenticator's secret.
  await enterPassword(page);
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your authenticator secret' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect((await page.request.get('/api/admin/auth/me')).status()).toBe(401);
  await shootBothWidths(page, 'admin-enrol');

  // A code of another time is refused, in words.
  await page.getByLabel('6-digit code').fill(codeOf(secret, -10));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByText('The code is not correct. Check your authenticator app and try again.')).toBeVisible();
  await page.getByLabel('6-digit code').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByTestId('operator-name')).toHaveText('E2E Admin');

  // Signed out and in again: the code step only, with the next code (the last one is spent).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await enterPassword(page);
  await expect(page.getByText('Enter the 6-digit code your authenticator app shows for Lucky Crown.')).toBeVisible();
  await page.getByLabel('6-digit code').fill(codeOf(secret, 1));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText([
    'Players',
    'Redemptions',
    'Purchases',
    'Reconciliation',
    'Failed webhooks',
    'Refused wins',
    'Referral rewards',
    'Mail-in entries',
    'Mail-in settings',
    'Audit trail',
    'Banners',
    'Popups',
    'Packages',
    'Spin wheel',
    'VIP tiers',
    'Site config',
    'CMS pages',
    'Reports',
    'Operators',
  ]);
  // The navigation fits the window: every page's link inside it, the page no wider than it; on a
  // phone it opens from Menu.
  const nav = page.getByRole('navigation', { name: 'Back office' });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 390) {
      await expect(nav).toBeHidden();
      await page.getByRole('button', { name: 'Menu' }).click();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const link of await nav.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await page.screenshot({ path: test.info().outputPath(`admin-nav-${width}.png`) });
  }
  await nav.getByRole('link', { name: 'Players' }).click();
  await expect(nav).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 720 });

  // Find the player and restrict their redemptions, with a reason.
  await page.getByLabel('ID, username, e-mail or phone').fill(player.userName.slice(0, 8));
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: player.userName, exact: true }).click();
  await expect(page.getByRole('heading', { name: player.userName })).toBeVisible();
  await expect(page.getByText(player.email)).toBeVisible();
  await page.getByRole('button', { name: 'Restrict redemptions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restrict redemptions' });
  await dialog.getByRole('button', { name: 'Restrict' }).click();
  await expect(dialog.getByText('Please give a reason (at least 5 characters).')).toBeVisible();
  await dialog.getByLabel('Reason (kept in the audit trail)').fill('Chargeback under review, ticket E2E-18');
  await dialog.getByRole('button', { name: 'Restrict' }).click();
  await expect(page.getByText('Player restricted.')).toBeVisible();
  await expect(page.getByText('Redemptions restricted')).toBeVisible();
  await shootBothWidths(page, 'admin-player', { fullPage: true });

  // The audit trail has it: who, what, the reason, before and after.
  await page.getByRole('link', { name: 'Audit trail' }).click();
  await page.getByLabel('Action', { exact: true }).selectOption('player.restrict');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const entry = page.getByRole('row').filter({ hasText: 'Chargeback under review, ticket E2E-18' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(operator.email);
  await expect(entry).toContainText('Player restricted');
  await expect(entry).toContainText('"restricted":false');
  await expect(entry).toContainText('"restricted":true');
  await shootBothWidths(page, 'admin-audit');
});
