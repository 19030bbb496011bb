import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { expectAccessible, expectAccessibleAtBothWidths } from '../support/axe.js';
import {
  closeStartupDialogs,
  dismissCompleteProfile,
  latestMailLink,
  newPlayer,
  registerVerifiedPlayer,
  signInThroughApi,
} from '../support/players.js';

/**
 * WCAG 2.2 AA (axe-core, tags wcag2a to wcag22aa) on every page a visitor or a player can open and
 * on every dialog they meet on the way, each at 390 and 1440 px. The checks are soft: one run lists
 * every page's violations, and the test fails if there was any.
 */

/** A dialog is checked alone: the page under it is checked on its own. */
const DIALOG = { include: '[role="dialog"]' };

async function dialogNamed(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  // The start-up queue opens its dialogs after the page's first reads.
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  return dialog;
}

async function closeDialog(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
}

test.describe('accessibility (WCAG 2.2 AA)', () => {
  // The pages' markup does not depend on the database: checked once, on the embedded database's run.
  test.skip(Boolean(process.env.E2E_DATABASE_URL), 'checked on the embedded database');
  test('a visitor’s pages and the access dialogs, from sign-up to the verified e-mail', async ({ page }) => {
    test.setTimeout(900_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await expect(page.getByTestId('game-tile').first()).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'lobby (visitor)');

    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const signIn = await dialogNamed(page, 'Sign In');
    await expectAccessibleAtBothWidths(page, 'Sign In dialog', DIALOG);
    // Errors at their fields.
    await signIn.getByRole('button', { name: 'Login', exact: true }).click();
    await expectAccessibleAtBothWidths(page, 'Sign In dialog with errors', DIALOG);

    await signIn.getByRole('button', { name: 'Forgot The Password' }).click();
    await dialogNamed(page, 'Forgot Password');
    await expectAccessibleAtBothWidths(page, 'Forgot Password dialog', DIALOG);
    await closeDialog(page, 'Forgot Password');

    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await (await dialogNamed(page, 'Sign In')).getByRole('button', { name: 'Sign in with Google' }).click();
    await dialogNamed(page, 'Sign in with Google');
    await expectAccessibleAtBothWidths(page, 'Sign in with Google dialog', DIALOG);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Sign in with Google' })).toBeHidden();
    if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');

    const player = newPlayer('a11y');
    await page.goto('/register');
    const joinNow = await dialogNamed(page, 'Join Now');
    await expectAccessibleAtBothWidths(page, 'Join Now dialog', DIALOG);
    await joinNow.getByRole('button', { name: 'Signup' }).click();
    await expectAccessibleAtBothWidths(page, 'Join Now dialog with errors', DIALOG);
    await joinNow.getByLabel('Username').fill(player.userName);
    await joinNow.getByLabel('Email').fill(player.email);
    await joinNow.getByLabel('Password', { exact: true }).fill(player.password);
    await joinNow.getByLabel('Confirm Password').fill(player.password);
    await joinNow.getByLabel(/I am at least 18 years old/).check();
    await joinNow.getByRole('button', { name: 'Signup' }).click();
    await dialogNamed(page, 'Action Required');
    await expectAccessibleAtBothWidths(page, 'Action Required dialog', DIALOG);

    await page.goto(await latestMailLink(page, player.email, '/user/verifyEmail'));
    await expect(page.getByText('Email Verified Successfully')).toBeVisible();
    await dialogNamed(page, 'Sign In');
    await expectAccessibleAtBothWidths(page, 'Sign In after the verified e-mail');

    await page.request.post('/api/v1/user/forgetPassword', { data: { email: player.email } });
    await page.goto(await latestMailLink(page, player.email, '/user/forgotPassword'));
    await dialogNamed(page, 'RESET PASSWORD');
    await expectAccessibleAtBothWidths(page, 'RESET PASSWORD dialog', DIALOG);

    for (const [path, label] of [
      ['/games/category/All%20Games', 'category page (visitor)'],
      ['/promotions-page', 'promotions (visitor)'],
      ['/terms-and-conditions', 'terms and conditions'],
      ['/privacy-policy', 'privacy policy'],
      ['/user/verifyEmail?token=not-a-token', 'verify e-mail with a bad link'],
      ['/404', 'not found'],
      ['/500', 'server error'],
      ['/coming-soon', 'coming soon'],
      ['/not-available', 'not available'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessibleAtBothWidths(page, label);
    }
  });

  test('a player’s start-up dialogs and every player page', async ({ page }) => {
    test.setTimeout(900_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const player = await registerVerifiedPlayer(page, 'a11p');
    await signInThroughApi(page, player);

    // The start-up queue: the bonuses, the complete-profile modal, the lobby popup, the offers.
    for (const name of ['Daily reward', 'Welcome bonus received']) {
      const dialog = await dialogNamed(page, name);
      await expectAccessibleAtBothWidths(page, `${name} dialog`, DIALOG);
      await dialog.getByRole('button', { name: 'Claim Now' }).click();
      await expect(dialog).toBeHidden();
    }
    const complete = await dialogNamed(page, 'Complete Your Profile');
    await expectAccessibleAtBothWidths(page, 'Complete Your Profile dialog', DIALOG);
    for (let attempt = 0; attempt < 3; attempt += 1) await complete.getByRole('button', { name: 'Save' }).click();
    await expectAccessibleAtBothWidths(page, 'Complete Your Profile dialog with errors', DIALOG);
    await complete.getByRole('button', { name: 'Close' }).click();
    await expect(complete).toBeHidden();
    const lobbyPopup = page.getByRole('dialog').filter({ hasNotText: 'Special Offers' });
    if (await lobbyPopup.isVisible()) {
      await expectAccessibleAtBothWidths(page, 'lobby popup', DIALOG);
      await lobbyPopup.getByRole('button', { name: 'Close' }).first().click();
    }
    await dialogNamed(page, 'Special Offers');
    await expectAccessibleAtBothWidths(page, 'Special Offers dialog', DIALOG);
    await closeDialog(page, 'Special Offers');

    await expectAccessibleAtBothWidths(page, 'lobby (player)');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('complementary', { name: 'Main menu' })).toBeInViewport();
    await expectAccessibleAtBothWidths(page, 'lobby with the menu open');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Account menu for/ })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, 'account menu (1440 px)');
    await page.keyboard.press('Escape');

    const pages: [string, string][] = [
      ['/games/category/Classic%20Slots', 'category page'],
      ['/favourite', 'favourite games (empty)'],
      ['/recently-played', 'recently played (empty)'],
      ['/user/store', 'store'],
      ['/user/account-details?tab=account', 'profile: account'],
      ['/user/account-details?tab=verification', 'profile: verification'],
      ['/user/account-details?tab=security', 'profile: security'],
      ['/user/account-details?tab=responsible-play', 'profile: responsible play'],
      ['/user/account-details?tab=bet-history', 'profile: bet history'],
      ['/user/account-details?tab=transactions', 'profile: transactions'],
      ['/user/account-details?tab=redeem', 'profile: redeem'],
      ['/redeem', 'redeem'],
      ['/promotions-page', 'promotions'],
      ['/user/reward', 'rewards'],
      ['/vipNew', 'VIP (new)'],
      ['/spin-wheel', 'spin wheel'],
      ['/refer-a-friend', 'refer a friend'],
      ['/user/store/deposit-status/success', 'deposit status'],
    ];
    for (const [path, label] of pages) {
      await page.goto(path);
      // Every page load runs the start-up queue again: this player has no name yet (step 4).
      await dismissCompleteProfile(page, { offers: 'leave' });
      await page.waitForLoadState('networkidle');
      await expectAccessibleAtBothWidths(page, label);
    }
  });

  test('a player’s dialogs: VIP, the store’s purchase steps, responsible play, and a game with its paytable', async ({ page }) => {
    test.setTimeout(900_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const player = await registerVerifiedPlayer(page, 'a11d');
    await signInThroughApi(page, player);
    // Claimed, the bonuses do not come back on every page load; the complete-profile modal does.
    for (const name of ['Daily reward', 'Welcome bonus received']) {
      await (await dialogNamed(page, name)).getByRole('button', { name: 'Claim Now' }).click();
    }
    await dismissCompleteProfile(page);

    await page.goto('/vip');
    await dismissCompleteProfile(page, { offers: 'leave' });
    const rakeback = await dialogNamed(page, 'Daily Rakeback');
    await expectAccessibleAtBothWidths(page, 'VIP page popup', DIALOG);
    await rakeback.getByRole('button', { name: 'Got It' }).click();
    await expectAccessibleAtBothWidths(page, 'VIP');
    await page.getByRole('button', { name: 'HOW TO RANK UP' }).click();
    await dialogNamed(page, 'HOW TO RANK UP');
    await expectAccessibleAtBothWidths(page, 'HOW TO RANK UP dialog', DIALOG);
    await closeDialog(page, 'HOW TO RANK UP');

    // The store's purchase steps: billing details first for a new player.
    await page.goto('/user/store');
    await dismissCompleteProfile(page, { offers: 'leave' });
    await page.getByTestId('package-card').nth(2).getByRole('button').first().click();
    const billing = await dialogNamed(page, 'Billing Details');
    await expectAccessibleAtBothWidths(page, 'Billing Details dialog', DIALOG);
    await billing.getByRole('button', { name: 'Continue' }).click();
    await expectAccessibleAtBothWidths(page, 'Billing Details dialog with errors', DIALOG);
    await billing.getByLabel('First Name').fill('Jane');
    await billing.getByLabel('Last Name').fill('Player');
    await billing.getByLabel('Date of Birth').fill('1990-04-12');
    await billing.getByLabel('Address Line 1').fill('1 Market Street');
    await billing.getByLabel('Zip Code').fill('94105');
    await billing.getByLabel('State').selectOption({ label: 'California' });
    await expect(billing.getByLabel('City').locator('option[value="San Francisco"]')).toHaveCount(1);
    await billing.getByLabel('City').selectOption('San Francisco');
    await billing.getByRole('button', { name: 'Continue' }).click();
    const payment = await dialogNamed(page, 'Payment');
    await expectAccessibleAtBothWidths(page, 'Payment dialog', DIALOG);
    await payment.getByRole('button', { name: /Credit Card/ }).click();
    await expect(page.frameLocator('iframe[title="Card details"]').locator('body[data-ready="true"]')).toHaveCount(1);
    await expectAccessibleAtBothWidths(page, 'Payment dialog with the card form', DIALOG);
    await payment.getByRole('button', { name: 'Close' }).click();
    await expect(payment).toBeHidden();

    // Responsible play: a limit asks for the password.
    await page.goto('/user/account-details?tab=responsible-play');
    await page.waitForLoadState('networkidle');
    await page
      .getByRole('main')
      .getByRole('button', { name: /save|set|update/i })
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: 'Confirm with your password' });
    if (await confirm.isVisible()) {
      await expectAccessibleAtBothWidths(page, 'Confirm with your password dialog', DIALOG);
      await page.keyboard.press('Escape');
    }

    // A game, in its frame (axe reads the frame too).
    await page.goto('/games/category/Classic%20Slots');
    const tile = page.getByRole('main').getByTestId('game-tile').first();
    await tile.hover();
    await tile.getByRole('button', { name: /^Play Now/ }).click();
    await expect(page.frameLocator('iframe').first().getByRole('button', { name: 'Spin' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'game page (slot)');
    await page.frameLocator('iframe').first().getByRole('button', { name: 'Paytable' }).click();
    await expectAccessibleAtBothWidths(page, 'slot paytable');
  });
});

/**
 * Without a mouse and without sight: each kind of game (the slot and the scratch card, every title
 * runs on one of the two) is reached with Tab and played with Enter and Space, and its message
 * line (a polite live region) says the result and the balance after it. Dialogs take the focus
 * when they open and give it back to their opener when they close. With the system's reduced
 * motion the banners stay still and the reels, the card and the spin wheel show their results
 * without the animation.
 */

/** The frame of the game the page launched. */
function gameFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe').first();
}

/** Presses Tab (Shift+Tab going back) until the focus is on the game's control named `name` (inside its frame). */
async function tabToGameButton(page: Page, name: string, { back = false }: { back?: boolean } = {}): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focused = await gameFrame(page)
      .locator(':focus')
      // Nothing in the frame has the focus while it is on the page around it: do not wait for it.
      .evaluate((element) => element.getAttribute('aria-label') ?? element.textContent, undefined, { timeout: 1_000 })
      .catch(() => null);
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name} in the game`);
}

async function fundedPlayer(page: Page): Promise<void> {
  const player = await registerVerifiedPlayer(page, 'kbd');
  await signInThroughApi(page, player);
  for (const name of ['Daily reward', 'Welcome bonus received']) {
    const dialog = page.getByRole('dialog', { name });
    await dialog.getByRole('button', { name: 'Claim Now' }).click();
    await expect(dialog).toBeHidden();
  }
  await closeStartupDialogs(page, []);
}

/** Opens the first game of a category from its tile, with the keyboard (the tile's Play Now). */
async function openFirstGame(page: Page, category: string): Promise<string> {
  await page.goto(`/games/category/${encodeURIComponent(category)}`);
  await closeStartupDialogs(page, []);
  const tile = page.getByRole('main').getByTestId('game-tile').first();
  const name = (await tile.getByRole('heading').textContent()) ?? '';
  await tile.getByRole('button', { name: `Play Now: ${name}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/game-play\/\d+$/);
  await expect(gameFrame(page).getByRole('heading', { name })).toBeVisible();
  return name;
}

const RESULT = /^(WIN [\d,.]+!.*|No (win|match) this time\..*) Balance: ([\d,.]+) (Gold|Sweeps) Coins\.$/;

async function expectAnnouncedResult(frame: FrameLocator): Promise<void> {
  const message = frame.getByRole('status').filter({ hasText: 'Balance:' });
  await expect(message).toHaveAttribute('aria-live', 'polite');
  await expect(message).toHaveText(RESULT, { timeout: 15_000 });
  const balance = RESULT.exec((await message.textContent()) ?? '')?.[3];
  await expect(frame.getByRole('status', { name: /Coins balance$/ })).toHaveText(balance ?? '');
}

test.describe('keyboard, screen readers and reduced motion', () => {
  test('a slot and a scratch card are played with the keyboard alone and announce each result with the balance', async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await fundedPlayer(page);

    await openFirstGame(page, 'Classic Slots');
    const slot = gameFrame(page);
    // The smallest bet, by keyboard: Lower bet takes Enter and Space.
    await tabToGameButton(page, 'Lower bet');
    for (let press = 0; press < 8; press += 1) await page.keyboard.press(press % 2 ? 'Space' : 'Enter');
    await expect(slot.getByRole('status', { name: 'Bet' })).toHaveText('0.10');
    await tabToGameButton(page, 'Spin');
    for (const key of ['Enter', 'Space']) {
      await page.keyboard.press(key);
      await expect(slot.getByRole('button', { name: 'Spin' })).toBeDisabled();
      await expectAnnouncedResult(slot);
      // The focus stayed on Spin through the round: the next round is one key away.
      await expect(slot.getByRole('button', { name: 'Spin' })).toBeFocused();
      await expect(slot.getByRole('button', { name: 'Spin' })).toBeEnabled();
    }

    // The paytable dialog takes the focus and gives it back to its button.
    await tabToGameButton(page, 'Paytable', { back: true });
    await page.keyboard.press('Enter');
    await expect(slot.getByRole('dialog', { name: 'Paytable' })).toBeVisible();
    await expect(slot.getByRole('button', { name: 'Close paytable' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(slot.getByRole('dialog', { name: 'Paytable' })).toBeHidden();
    await expect(slot.getByRole('button', { name: 'Paytable' })).toBeFocused();

    await openFirstGame(page, 'Scratchers');
    const card = gameFrame(page);
    await tabToGameButton(page, 'Lower bet');
    for (let press = 0; press < 8; press += 1) await page.keyboard.press('Enter');
    await tabToGameButton(page, 'Buy card');
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: 'Reveal all' })).toBeFocused();
    await expect(card.getByRole('img', { name: /covered$/ })).toHaveCount(9);
    await page.keyboard.press('Space');
    await expectAnnouncedResult(card);
    await expect(card.getByRole('img', { name: /covered$/ })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Buy card' })).toBeFocused();
  });

  test('dialogs take the focus when they open and give it back to the control that opened them', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
    await login.focus();
    await page.keyboard.press('Enter');
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await expect(signIn).toBeVisible();
    await expect(signIn.locator(':focus')).toHaveCount(1);
    // Tab stays inside the dialog.
    for (let press = 0; press < 15; press += 1) await page.keyboard.press('Tab');
    await expect(signIn.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(signIn).toBeHidden();
    await expect(login).toBeFocused();

    const register = page.getByRole('banner').getByRole('button', { name: 'Register' });
    await register.focus();
    await page.keyboard.press('Space');
    const joinNow = page.getByRole('dialog', { name: 'Join Now' });
    await expect(joinNow.locator(':focus')).toHaveCount(1);
    await joinNow.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await expect(joinNow).toBeHidden();
    await expect(register).toBeFocused();
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the banners stay still, the ticker does not scroll, and the wheel, the reels and the card show their results at once', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const slides = page.getByRole('region', { name: 'Promotions' }).getByTestId('banner-slide');
    await expect(slides.first()).toBeInViewport();
    // Autoplay would have moved the row twice by now (a slide every 2000 ms).
    await page.waitForTimeout(4_500);
    await expect(slides.first()).toBeInViewport();
    const running = () => page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length);
    await expect.poll(running).toBe(0);

    await fundedPlayer(page);
    await page.goto('/spin-wheel');
    await closeStartupDialogs(page, []);
    await page.getByRole('button', { name: 'SPIN', exact: true }).click();
    // The wheel turns for 5.6 s with motion; without it the result is there at once.
    await expect(page.getByTestId('spin-result')).toBeVisible({ timeout: 3_000 });
    await expect(page.getByTestId('spin-announcement')).toHaveText(/^(You Won|Jackpot!) [\d,.]+ GC/);

    await openFirstGame(page, 'Classic Slots');
    const slot = gameFrame(page);
    await slot.getByRole('button', { name: 'Spin' }).click();
    await expectAnnouncedResult(slot);
    expect(await slot.locator('.strip.moving').count()).toBe(0);

    await openFirstGame(page, 'Scratchers');
    const card = gameFrame(page);
    await tabToGameButton(page, 'Lower bet');
    for (let press = 0; press < 8; press += 1) await page.keyboard.press('Enter');
    await card.getByRole('button', { name: 'Buy card' }).click();
    // No scratching: the card is revealed as soon as it is bought.
    await expectAnnouncedResult(card);
    await expect(card.getByRole('img', { name: /covered$/ })).toHaveCount(0);
  });
});
