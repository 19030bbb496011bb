import { expect, test, type Page } from '@playwright/test';
import { closeStartupDialogs, registerVerifiedPlayer, signInThroughUi, type Player } from '../support/players.js';

/**
 * Limits and self-exclusion from the Responsible Play tab of /user/account-details,
 * enforced by the server where the money moves.
 */
async function openResponsiblePlay(page: Page): Promise<void> {
  await page.getByRole('contentinfo').getByRole('link', { name: 'Responsible Play' }).click();
  await expect(page).toHaveURL(/\/user\/account-details\?tab=responsible-play$/);
  await expect(page.getByRole('heading', { name: 'Responsible Play' })).toBeVisible();
}

async function confirmPassword(page: Page, player: Player): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm with your password' });
  await dialog.getByLabel('Password', { exact: true }).fill(player.password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('responsible play', () => {
  test('a daily purchase limit set in the Purchase limit tab stops a purchase over it in the store', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const player = await registerVerifiedPlayer(page, 'rgl');
    await signInThroughUi(page, player);
    await closeStartupDialogs(page);
    // Billing details on file, so that the store goes straight to the payment dialog.
    const states = (await (await page.request.get('/api/v1/details/state')).json()) as {
      data: { rows: { state_id: number; name: string }[] };
    };
    const california = states.data.rows.find((state) => state.name === 'California')!;
    const billing = await page.request.put('/api/v1/user/profile', {
      data: {
        firstName: 'Jane',
        lastName: 'Player',
        dateOfBirth: '1990-04-12',
        addressLine_1: '1 Market Street',
        state: String(california.state_id),
        city: 'San Francisco',
        zipCode: '94105',
        country: '199',
        skipCheck: true,
      },
    });
    expect(billing.status(), await billing.text()).toBe(200);

    await openResponsiblePlay(page);
    const daily = page.getByRole('region', { name: 'daily deposit limit' });
    await expect(daily).toContainText('No limit set');
    await expect(page.getByText('Raising or removing a limit applies only after 24 hours.')).toBeVisible();
    await daily.getByLabel('New daily deposit limit ($)').fill('0');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await expect(daily).toContainText('Please enter valid value for daily deposit limit');
    await daily.getByLabel('New daily deposit limit ($)').fill('5');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await page.screenshot({ path: testInfo.outputPath('password-confirmation-1440.png') });
    await confirmPassword(page, player);
    await expect(page.getByText('Your limits have been updated.')).toBeVisible();
    await expect(daily).toContainText('Current limit: $5.00');
    await expect(daily).toContainText('Spent today: $0.00');
    await page.screenshot({ path: testInfo.outputPath('purchase-limit-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('purchase-limit-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('banner').getByRole('link', { name: 'Get Coins' }).click();
    await expect(page.getByRole('heading', { name: 'Store' })).toBeVisible();
    await page.getByTestId('package-card').nth(2).getByRole('button', { name: '$9.99' }).click();
    await page
      .getByRole('dialog', { name: 'Payment' })
      .getByRole('button', { name: /Credit Card/ })
      .click();
    await expect(
      page.getByText('Limit: 5 - This purchase would pass your daily deposit limit. You can still purchase $5.00 in this period.'),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Payment' })).toBeHidden();
  });

  test('a self-excluded player is logged out and cannot log back in', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const player = await registerVerifiedPlayer(page, 'rgx');
    await signInThroughUi(page, player);
    await closeStartupDialogs(page);
    await openResponsiblePlay(page);
    await page.getByRole('tab', { name: 'Self Exclusion' }).click();
    await page.getByRole('radio', { name: '6 months' }).click();
    await page.screenshot({ path: testInfo.outputPath('self-exclusion-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Self-exclude' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm with your password' })).toContainText('a self-exclusion of 6 months');
    await confirmPassword(page, player);

    await expect(
      page.getByText(/^You have self-excluded until \d\d\/\d\d\/\d{4} \d\d:\d\d (AM|PM) UTC\. You have been logged out\.$/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('self-exclusion-confirmed-390.png') });
    // The signed-out state, not the ended session's notice: the answer took the session cookie
    // back, so nothing this browser asks afterwards is refused as 'no longer valid'.
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('casino_session');
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByText('Your session is no longer valid. Please log in again.')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(player.email);
    await dialog.getByLabel('Password', { exact: true }).fill(player.password);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(/^You have self-excluded until \d\d\/\d\d\/\d{4} \d\d:\d\d (AM|PM) UTC\.$/)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  });
});
