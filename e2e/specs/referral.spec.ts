import { expect, test, type Page } from '@playwright/test';
import { shootBothWidths } from '../support/screenshots.js';
import {
  closeStartupDialogs,
  latestMailLink,
  newPlayer,
  registerVerifiedPlayer,
  signInThroughApi,
  type Player,
} from '../support/players.js';

/**
 * A player finds their referral link through the lobby's refer-a-friend banner;
 * a friend opens it, signs up with a promo code, verifies the e-mail and is told of the promo
 * bonus; the referrer sees the friend on the page. (The referrer's reward on the friend's first
 * purchase is proven by the integration tests of modules/promotions.)
 */
async function fillJoinNow(page: Page, player: Player, promoCode: string) {
  const dialog = page.getByRole('dialog', { name: 'Join Now' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Username').fill(player.userName);
  await dialog.getByLabel('Email').fill(player.email);
  await dialog.getByLabel('Password', { exact: true }).fill(player.password);
  await dialog.getByLabel('Confirm Password').fill(player.password);
  await dialog.getByLabel('Promo Code (optional)').fill(promoCode);
  await dialog.getByLabel(/I agree to receive marketing texts/).check();
  await dialog.getByLabel(/I am at least 18 years old/).check();
  await dialog.getByRole('button', { name: 'Signup' }).click();
  return dialog;
}

test('a player shares the referral link from the lobby banner; a friend joins with it and a promo code and gets the bonus', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await registerVerifiedPlayer(page, 'host');
  await signInThroughApi(page, host);
  await closeStartupDialogs(page);
  const banner = page.getByTestId('refer-a-friend-banner');
  await banner.scrollIntoViewIfNeeded();
  await expect(banner).toContainText('Refer a Friend');
  await banner.click();
  await expect(page).toHaveURL(/\/refer-a-friend$/);
  const linkField = page.getByLabel('Your referral link');
  await expect(linkField).toHaveValue(/\/register\?referralcode=[A-Z2-9]{8}$/);
  await expect(page.getByText('No friends have joined with your link yet.')).toBeVisible();
  await shootBothWidths(page, 'refer-a-friend', { fullPage: true });
  const link = await linkField.inputValue();

  // The friend, in a browser of their own.
  const friendContext = await browser.newContext({ baseURL: new URL(link).origin });
  const friendPage = await friendContext.newPage();
  await friendPage.goto(new URL(link).pathname + new URL(link).search);
  const friend = newPlayer('frnd');
  // A code that does not exist is refused on the form.
  const dialog = await fillJoinNow(friendPage, friend, 'nosuch99');
  await expect(dialog.getByText('This promo code is not valid.')).toBeVisible();
  await dialog.getByLabel('Promo Code (optional)').fill('welcome10');
  await dialog.getByRole('button', { name: 'Signup' }).click();
  await expect(friendPage.getByRole('dialog', { name: 'Action Required' })).toBeVisible();

  await friendPage.goto(await latestMailLink(friendPage, friend.email, '/user/verifyEmail'));
  await expect(friendPage.getByText('Email Verified Successfully')).toBeVisible();
  await expect(friendPage.getByText('Promo code WELCOME10: 10,000.00 GC and 10.00 SC have been added to your balance.')).toBeVisible();
  await friendContext.close();

  await page.reload();
  await expect(page.getByTestId('referred-count')).toHaveText('1');
  await expect(page.getByText('Awaiting first purchase')).toBeVisible();
});
