import { expect, test, type Page } from '@playwright/test';
import { completeKycThroughUi } from '../support/kyc.js';
import { closeOffers, registerVerifiedPlayer, signInThroughApi } from '../support/players.js';
import { completeProfile, winRedeemableSc } from '../support/redeem.js';

/**
 * A player links a bank in the payout provider's sandbox widget, redeems, cancels one
 * request (its SC come back) and sees another reach Success through the payout job and the
 * provider's signed webhook. The review window is 20 s in the e2e server (playwright.config.ts).
 */

function redeemable(page: Page) {
  return page.getByTestId('balance-sweep-coin-redeemable');
}

test.describe('redeem', () => {
  test('links a bank in the sandbox widget, redeems, cancels one request and sees another paid', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const player = await registerVerifiedPlayer(page, 'rdm');
    await signInThroughApi(page, player);
    for (const kind of ['daily', 'welcome']) expect((await page.request.post(`/api/v1/bonus/${kind}-bonus`)).status()).toBe(200);
    await winRedeemableSc(page, 300);
    await completeProfile(page);

    // Before KYC: the 'KYC Pending' modal, whose button leads to the Verification tab.
    await page.goto('/redeem');
    // Start-up step 7, the flash-sale offers, once per sign-in.
    await closeOffers(page);
    await expect(page.getByRole('heading', { name: 'Redeem', exact: true })).toBeVisible();
    await expect(page.getByText('Sweep Coins can be redeemed for a real cash price. Sweep Coins must be played to redeem.')).toBeVisible();
    await expect(redeemable(page)).toContainText('300.00');
    await page.getByLabel('Amount (SC)').fill('60');
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    const kyc = page.getByRole('dialog', { name: 'KYC Pending' });
    await expect(kyc).toContainText('Your KYC verification is pending');
    await expect(kyc).toContainText('Please complete your face and id scan verification');
    await page.screenshot({ path: testInfo.outputPath('redeem-kyc-pending-1440.png') });
    await kyc.getByRole('button', { name: 'Complete Verification' }).click();
    await expect(page).toHaveURL(/\/user\/account-details\?tab=verification$/);

    await completeKycThroughUi(page);

    // Link a bank: the failing bank refuses, then a good bank, sign-in and account.
    await page.goto('/redeem');
    await page.getByRole('button', { name: 'Link your bank account' }).click();
    const widget = page.frameLocator('[data-testid="bank-link-frame"]');
    await widget.getByRole('button', { name: 'Sandbox Failing Bank' }).click();
    await widget.getByLabel('Username').fill('user_good');
    await widget.getByLabel('Password').fill('pass_good');
    await widget.getByRole('button', { name: 'Sign in' }).click();
    await expect(widget.getByRole('alert')).toHaveText('This bank is not responding right now. Please choose another bank.');
    await widget.getByRole('button', { name: 'Choose another bank' }).click();
    await widget.getByRole('button', { name: 'Sandbox National Bank' }).click();
    await widget.getByLabel('Username').fill('user_good');
    await widget.getByLabel('Password').fill('wrong');
    await widget.getByRole('button', { name: 'Sign in' }).click();
    await expect(widget.getByRole('alert')).toHaveText('The username or password is incorrect.');
    await widget.getByLabel('Password').fill('pass_good');
    await widget.getByRole('button', { name: 'Sign in' }).click();
    await page.screenshot({ path: testInfo.outputPath('redeem-bank-widget-1440.png') });
    await widget.getByRole('button', { name: /Checking/ }).click();
    await expect(page.getByText('Your bank details have been saved successfully.')).toBeVisible();
    await page.getByRole('dialog', { name: 'Success' }).getByText('Close', { exact: true }).click();
    const account = page.getByTestId('bank-account');
    await expect(account).toHaveCount(1);
    await expect(account).toContainText('Sandbox National Bank');
    await expect(account).toContainText('Account ending 1234');
    await expect(account).toContainText('Active');

    // The e-wallet form variant: e-mail, the amount defaulting to the minimum, the terms checkbox.
    await page.getByRole('tab', { name: 'E-wallet' }).click();
    await expect(page.getByLabel('Amount (SC)')).toHaveValue('51');
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(page.getByText('Please select the checkbox')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('redeem-ewallet-1440.png') });
    await page.getByRole('tab', { name: 'Bank account' }).click();

    // The amount takes digits only; the minimum is checked before sending.
    const amount = page.getByLabel('Amount (SC)');
    await amount.fill('');
    await amount.pressSequentially('5a0');
    await expect(amount).toHaveValue('50');
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect(page.getByText('Requested redemption amount is less than 51 Redeemable SC coins')).toBeVisible();

    // First request: pending, then cancelled; its SC come back.
    await amount.fill('60');
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    const inProcess = page.getByRole('dialog', { name: 'Redemption in process' });
    await expect(inProcess).toContainText('Your redeem request has been raised');
    await expect(inProcess).toContainText('The amount will be deposited into your account in 2-3 business days.');
    await page.screenshot({ path: testInfo.outputPath('redeem-in-process-1440.png') });
    await inProcess.getByText('Close', { exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    // The Transactions tab lists it (type Redemption) with Cancel while pending.
    await page.goto('/user/account-details?tab=transactions');
    await page.getByLabel('Transaction Type').selectOption('redeem');
    const row = page.getByRole('row').filter({ hasText: '60.00' });
    await expect(row).toContainText('Pending');
    await page.screenshot({ path: testInfo.outputPath('redeem-transactions-1440.png') });
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Redeem request successfully cancelled')).toBeVisible();
    await expect(row).toContainText('Cancelled');
    await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await page.goto('/redeem');
    await expect(redeemable(page)).toContainText('300.00');
    await expect(page.getByTestId('redeem-request').first().getByTestId('redeem-status')).toHaveText('Cancelled');

    // Second request: after the review window the payout job sends it and the provider pays it.
    await amount.fill('100');
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await page.getByRole('dialog', { name: 'Redemption in process' }).getByText('Close', { exact: true }).click();
    await page.goto('/redeem');
    await expect(redeemable(page)).toContainText('200.00');
    await page.screenshot({ path: testInfo.outputPath('redeem-page-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('redeem-page-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('redeem-request').first().getByTestId('redeem-status').textContent();
        },
        { timeout: 90_000, intervals: [3_000] },
      )
      .toBe('Success');
    await expect(redeemable(page)).toContainText('200.00');
    const statuses = await page.getByTestId('redeem-status').allTextContents();
    expect(statuses).toEqual(['Success', 'Cancelled']);
  });
});
