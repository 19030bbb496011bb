import { expect, test } from '@playwright/test';
import { shootBothWidths } from '../support/screenshots.js';
import { dismissCompleteProfile, registerVerifiedPlayer, signInThroughApi } from '../support/players.js';

/** A player plays SC rounds and sees the VIP progress move, on /vip and in the sidebar. */

test('SC rounds move the VIP progress on /vip and in the sidebar', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const player = await registerVerifiedPlayer(page, 'vip');
  await signInThroughApi(page, player);
  // Funded by the start-up bonuses (2.50 SC).
  for (const name of ['Daily reward', 'Welcome bonus received']) {
    const dialog = page.getByRole('dialog', { name });
    await dialog.getByRole('button', { name: 'Claim Now' }).click();
    await expect(dialog).toBeHidden();
  }
  await dismissCompleteProfile(page);

  const sidebar = page.getByRole('complementary', { name: 'Main menu' });
  await expect(sidebar.getByTestId('vip-sidebar-progress')).toContainText('Bronze');
  await expect(sidebar.getByTestId('vip-sidebar-progress')).toContainText('Silver');
  await sidebar.getByTestId('vip-sidebar-progress').click();
  await expect(page).toHaveURL(/\/vip$/);
  await expect(page.getByRole('heading', { name: 'VIP TIER STATUS' })).toBeVisible();
  // The page's one-time popup (group vip) comes first.
  const popup = page.getByRole('dialog', { name: 'Daily Rakeback' });
  await popup.getByRole('button', { name: 'Got It' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByTestId('vip-current-tier')).toHaveText('Bronze');
  await expect(page.getByTestId('vip-progress-text')).toContainText('SC played 0 of 500');
  await expect(page.getByRole('heading', { name: 'CURRENT BENEFITS' })).toBeVisible();
  // The benefits state what Bronze pays, from the tiers the server credits rakeback by.
  const tiers = (await (await page.request.get('/api/v1/rewards/vip-tier')).json()) as {
    data: { vipTiers: { name: string; rakeback: number; vipClubAccess: boolean }[] };
  };
  const bronze = tiers.data.vipTiers.find((tier) => tier.name === 'Bronze')!;
  expect(bronze.vipClubAccess).toBe(false);
  const benefits = page.getByRole('region', { name: 'CURRENT BENEFITS' });
  await expect(benefits.getByText(`${bronze.rakeback}% Cashback`, { exact: true })).toBeVisible();
  await expect(benefits.getByText('1% Cashback', { exact: true })).toHaveCount(bronze.rakeback === 1 ? 1 : 0);
  await expect(benefits.getByText('Priority Withdrawals')).toHaveCount(0);
  await expect(benefits.getByText('VIP Club from Platinum')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'UPCOMING VIP TIERS' })).toBeVisible();
  await expect(page.getByTestId('vip-tier-card').first()).toContainText('Claimed');
  await page.getByRole('button', { name: 'HOW TO RANK UP' }).click();
  const rankUp = page.getByRole('dialog', { name: 'HOW TO RANK UP' });
  await expect(rankUp).toContainText('Tiers never go down');
  await rankUp.getByRole('button', { name: 'Close' }).click();
  await shootBothWidths(page, 'vip', { fullPage: true });

  // Three SC rounds of 0.10 in Seven Sparks.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/games/category/Classic%20Slots?search=seven');
  // A page load asks again for the profile (start-up step 4).
  await dismissCompleteProfile(page);
  const tile = page.getByRole('main').getByTestId('game-tile').first();
  await tile.hover();
  await tile.getByRole('button', { name: 'Play Now: Seven Sparks' }).click();
  const frame = page.frameLocator('iframe[title="Seven Sparks"]');
  const lower = frame.getByRole('button', { name: 'Lower bet' });
  while (await lower.isEnabled()) await lower.click();
  await expect(frame.getByRole('status', { name: 'Bet' })).toHaveText('0.10');
  const spin = frame.getByRole('button', { name: 'Spin' });
  for (let round = 0; round < 3; round += 1) {
    await spin.click();
    await expect(spin).toBeDisabled();
    await expect(spin).toBeEnabled({ timeout: 15_000 });
  }

  await page.goto('/vip');
  await dismissCompleteProfile(page);
  await expect(page.getByTestId('vip-progress-text')).toContainText('SC played 0.3 of 500');
});
