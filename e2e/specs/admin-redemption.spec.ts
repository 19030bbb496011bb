import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { completeKycThroughUi } from '../support/kyc.js';
import { closeOffers, registerVerifiedPlayer, signInThroughApi } from '../support/players.js';
import { completeProfile, linkBankThroughApi, winRedeemableSc } from '../support/redeem.js';
import { shootBothWidths } from '../support/screenshots.js';

/**
 * A payments operator (made by admin:create's code before the server starts,
 * playwright.config.ts) enrols two-factor, opens the redemption queue, approves a player's
 * redemption with a reason (it is handed to the payout provider at once, before the 20 s review
 * window would have), and the player sees it settle through the sandbox payout's signed webhook.
 */
const operator = { email: process.env.E2E_PAYMENTS_OPERATOR_EMAIL ?? '', password: process.env.E2E_OPERATOR_PASSWORD ?? '' };

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
  await expect(page.getByTestId('operator-name')).toHaveText('E2E Payments');
}

test('a payments operator with TOTP approves a redemption and the player sees it paid', async ({ page, context }) => {
  test.setTimeout(180_000);
  expect(operator.email).toContain('@');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The player: redeemable SC from a win, profile and KYC, a linked bank.
  const player = await registerVerifiedPlayer(page, 'adr');
  await signInThroughApi(page, player);
  // SC to bet the winning round with (redeemable SC come only from wins).
  for (const kind of ['daily', 'welcome']) expect((await page.request.post(`/api/v1/bonus/${kind}-bonus`)).status()).toBe(200);
  await winRedeemableSc(page, 300);
  await completeProfile(page);
  await page.goto('/redeem');
  await closeOffers(page);
  await completeKycThroughUi(page);
  await linkBankThroughApi(page);

  // The operator signs in first (least privilege: the money desks, no audit trail, no operators).
  const desk = await context.newPage();
  await desk.setViewportSize({ width: 1440, height: 900 });
  await signInOperator(desk);
  await expect(desk.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText([
    'Players',
    'Redemptions',
    'Purchases',
    'Reconciliation',
    'Failed webhooks',
    'Refused wins',
    'Referral rewards',
    'Reports',
  ]);

  // The player redeems 120 SC: it waits for review (status 0) in the queue.
  const requested = await page.request.post('/api/v1/payment/paynote', { data: { amount: 120 } });
  expect(requested.status(), await requested.text()).toBe(200);
  const redemptionId = ((await requested.json()) as { data: { withdrawRequestId: number } }).data.withdrawRequestId;

  await desk.getByRole('link', { name: 'Redemptions' }).click();
  await expect(desk.getByRole('heading', { name: 'Redemptions' })).toBeVisible();
  const row = desk.getByRole('row').filter({ hasText: player.userName });
  await expect(row).toContainText('120.00');
  await expect(row).toContainText('pending');
  await expect(row).toContainText('Sandbox National Bank ••1234');
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = desk.getByRole('dialog', { name: `Approve redemption #${redemptionId}` });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByText('Please give a reason (at least 5 characters).')).toBeVisible();
  await dialog.getByLabel('Reason (kept in the audit trail)').fill('Reviewed: KYC approved, bank verified (E2E-18)');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(desk.getByText('Redemption approved: sent to the payout provider.')).toBeVisible();
  // Sent now: no longer waiting for review.
  await expect(desk.getByRole('row').filter({ hasText: player.userName })).toHaveCount(0);

  // The sandbox pays 2 s after it was sent, with a signed webhook: the player sees Success.
  await page.goto('/redeem');
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId('redeem-request').first().getByTestId('redeem-status').textContent();
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe('Success');
  await expect(page.getByTestId('balance-sweep-coin-redeemable')).toContainText('180.00');

  // The operator's queue shows it paid.
  await desk.getByRole('button', { name: 'Paid' }).click();
  await expect(desk.getByRole('row').filter({ hasText: player.userName })).toContainText('paid');
  await shootBothWidths(desk, 'admin-redemptions');

  // A manual adjustment on the player's page: 25.50 redeemable SC back as goodwill, with a reason.
  await desk.getByRole('row').filter({ hasText: player.userName }).getByRole('link', { name: player.userName }).click();
  await desk.getByRole('button', { name: 'Adjust balance' }).click();
  const adjust = desk.getByRole('dialog', { name: 'Adjust balance' });
  await adjust.getByLabel('Account').selectOption('SC_REDEEMABLE');
  await adjust.getByLabel('Amount (coins, signed)').fill('25.555');
  await adjust.getByLabel('Reason (kept in the audit trail)').fill('Goodwill for a slow payout (E2E-18)');
  await adjust.getByRole('button', { name: 'Adjust' }).click();
  await expect(adjust.getByText('Enter a non-zero amount with at most two decimals, e.g. 25 or -10.50.')).toBeVisible();
  await shootBothWidths(desk, 'admin-adjust');
  await adjust.getByLabel('Amount (coins, signed)').fill('25.50');
  await adjust.getByRole('button', { name: 'Adjust' }).click();
  await expect(desk.getByText('Balance adjusted. SC redeemable: 180.00 → 205.50.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('balance-sweep-coin-redeemable')).toContainText('205.50');
  await desk.getByRole('link', { name: 'Reconciliation' }).click();
  await desk.getByRole('button', { name: 'Run now' }).click();
  await expect(desk.getByText(/Reconciliation (is clean|found \d+ mismatches)\./)).toBeVisible();
  await shootBothWidths(desk, 'admin-reconciliation', { fullPage: true });
  await desk.getByRole('link', { name: 'Purchases' }).click();
  await expect(desk.getByRole('heading', { name: 'Purchases' })).toBeVisible();
  await shootBothWidths(desk, 'admin-purchases');
});
