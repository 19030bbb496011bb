import { expect, test } from '@playwright/test';
import { shootBothWidths } from '../support/screenshots.js';
import { closeStartupDialogs, registerVerifiedPlayer, signInThroughApi } from '../support/players.js';

/** The daily spin wheel, from the sidebar's SPIN AND WIN to the countdown. */

test('a player spins the wheel once, sees the won coins, then the countdown to the next spin', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const player = await registerVerifiedPlayer(page, 'spin');
  await signInThroughApi(page, player);
  await closeStartupDialogs(page);

  await page.getByRole('complementary', { name: 'Main menu' }).getByRole('link', { name: 'SPIN AND WIN' }).click();
  await expect(page).toHaveURL(/\/spin-wheel$/);
  await expect(page.getByRole('img', { name: 'Prize wheel with 12 segments' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sound off', pressed: false })).toBeVisible();
  await shootBothWidths(page, 'spin-wheel');

  const spin = page.waitForResponse((response) => response.url().includes('/spinWheelConfiguration/updateWallet'));
  await page.getByRole('button', { name: 'SPIN', exact: true }).click();
  const won = ((await (await spin).json()) as { data: { gc: number; sc: number } }).data;
  // Spinning is the interaction that lets the sounds play.
  await expect(page.getByRole('button', { name: 'Sound on', pressed: true })).toBeVisible();

  const result = page.getByTestId('spin-result');
  await expect(result).toBeVisible({ timeout: 15_000 });
  const gc = won.gc.toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(result).toContainText(`${gc} GC`);
  if (won.sc > 0) await expect(result).toContainText(`${won.sc.toFixed(2)} SC`);
  await expect(result.getByRole('link', { name: 'Go To Home' })).toBeVisible();
  await shootBothWidths(page, 'spin-wheel-result');

  const profile = (await (await page.request.get('/api/v1/user/profile')).json()) as {
    data: { userWallet: { gcCoin: number; scCoin: { bsc: number } }; isSpinWheelBonusClaimed: boolean };
  };
  expect(profile.data.userWallet.gcCoin).toBe(won.gc);
  expect(profile.data.userWallet.scCoin.bsc).toBe(won.sc);
  expect(profile.data.isSpinWheelBonusClaimed).toBe(true);

  // Claimed: after a reload the page counts down to the next spin.
  await page.reload();
  await closeStartupDialogs(page);
  const claimed = page.getByTestId('spin-claimed');
  await expect(claimed).toContainText('You have already claimed your spin. Come back in 24 hours to spin again!');
  await expect(claimed.getByTestId('countdown-hours')).toHaveText(/^2[23]$/);
  const seconds = await claimed.getByTestId('countdown-seconds').textContent();
  await expect(claimed.getByTestId('countdown-seconds')).not.toHaveText(seconds ?? '', { timeout: 3_000 });
  await expect(page.getByRole('button', { name: 'SPIN', exact: true })).toHaveCount(0);
  await shootBothWidths(page, 'spin-wheel-claimed');

  await claimed.getByRole('link', { name: 'Go To Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
