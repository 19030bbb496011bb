import { expect, test } from '@playwright/test';
import { closeStartupDialogs, registerVerifiedPlayer, signInThroughApi } from '../support/players.js';
import { completeProfile } from '../support/redeem.js';
import { shootBothWidths } from '../support/screenshots.js';

test.describe('the shell a visitor sees', () => {
  test('a visitor at / sees the header with Login and Register and no sidebar', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Register' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Main menu' })).toHaveCount(0);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('+18');
    // The footer's policy links and support contact come from the CMS and site configuration.
    for (const name of ['Terms and Conditions', 'Privacy Policy', 'Contact Us']) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: 'support@luckycrown.local' })).toBeVisible();
    await footer.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact_us$/);
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  });

  test('a row not yet near the screen holds the height of the row it becomes, on a phone and a desktop', async ({ page }) => {
    // Its placeholder tiles draw the tile's boxes with fewer elements (docs/decisions/067); a
    // different height would move everything below it when the row arrives.
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/');
      const rows = page
        .getByRole('main')
        .getByRole('region')
        .filter({ has: page.getByTestId('game-tile') });
      await expect(rows.first().getByTestId('game-tile').first()).toBeVisible();
      const placeholder = page.getByTestId('game-row-placeholder').last();
      await expect(placeholder).toBeAttached();
      const row = (await rows.first().boundingBox())!;
      const held = (await placeholder.boundingBox())!;
      expect({ width, height: held.height }).toEqual({ width, height: row.height });
    }
  });

  test('/not-available shows its texts and Go to Home returns to /', async ({ page }) => {
    await page.goto('/not-available');
    await expect(page.getByRole('heading', { name: 'Thank you for your interest' })).toBeVisible();
    await expect(page.getByText('Unfortunately, the product is not available in this region.', { exact: false })).toBeVisible();
    await expect(page.getByText('1. Check if the website has location access')).toBeVisible();
    await expect(page.getByText('2. If no, then enable the location')).toBeVisible();
    await expect(page.getByText('3. Click below button')).toBeVisible();
    await expect(page.getByText('Kind Regards')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/this/page/does/not/exist');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('reloading a client-side route serves the app, not a server 404', async ({ page }) => {
    const response = await page.goto('/coming-soon');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Coming soon' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Coming soon' })).toBeVisible();
  });

  test('unknown API paths answer 404 in the error envelope', async ({ request }) => {
    const response = await request.get('/api/v1/definitely-not-here');
    expect(response.status()).toBe(404);
    expect((await response.json()) as unknown).toMatchObject({ errors: [{ errorCode: 3001 }] });
  });

  test('screenshots of / at phone and desktop width', async ({ page }, testInfo) => {
    for (const [name, width, height] of [
      ['phone', 390, 844],
      ['desktop', 1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/');
      await expect(page.getByRole('banner')).toBeVisible();
      const file = testInfo.outputPath(`lobby-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`lobby-${name}`, { path: file, contentType: 'image/png' });
    }
  });
});

test.describe('a game page before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('the server sends the game page’s frame: Loading game… above the bar, whose logo leads to the lobby', async ({ page }) => {
    const response = await page.goto('/game-play/1');
    expect(response?.status()).toBe(200);
    // Its scripts are fetched once the frame has painted, not named with the page (docs/decisions/067).
    expect(response?.headers().link).not.toContain('modulepreload');
    expect(await response?.text()).toContain('<script src="/after-first-paint.js" data-entry="/assets/main-');
    const main = page.getByRole('main');
    await expect(main.getByText('Loading game…')).toBeVisible();
    const bar = main.getByRole('navigation', { name: 'Game' });
    await expect(bar.getByRole('link', { name: 'Lucky Crown lobby' })).toHaveAttribute('href', '/');
    await shootBothWidths(page, 'game-page-first-screen');
    // The frame fills the page under the header, the bar at its foot, at both widths.
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      const box = await bar.boundingBox();
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(pageHeight).toBeLessThanOrEqual(height + 1);
      expect(box && Math.round(box.y + box.height)).toBe(pageHeight);
    }
    // Other pages' shells hold the header alone.
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByText('Loading game…')).toHaveCount(0);
  });
});

test.describe('the lobby before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('the server sends a visitor the banners and the first row, drawn from the catalogue, and the reads with them', async ({
    page,
    request,
  }) => {
    const rows = (await (await request.get('/api/v1/casino-games/sub-category')).json()) as {
      data: { rows: { isFeatured: boolean; name: { EN: string }; subCategoryGames: { name: string }[] }[] };
    };
    const first = rows.data.rows.find((row) => row.isFeatured && row.subCategoryGames.length > 0)!;
    const banners = (await (await request.get('/api/v1/details/banners?pageName=lobbySlider')).json()) as {
      data: { rows: { title: string; subtitle: string }[] };
    };

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    // Its reads are in the page and its scripts come once it has painted (docs/decisions/067).
    expect(response?.headers().link).not.toContain('modulepreload');
    expect(response?.headers().link).not.toContain('as=fetch');
    expect(await response?.text()).toContain('<script type="application/json" id="first-screen-state">');

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: first.name.EN })).toBeVisible();
    await expect(main.getByTestId('game-tile')).toHaveCount(Math.min(10, first.subCategoryGames.length));
    await expect(main.getByTestId('game-tile').first()).toHaveAccessibleName(first.subCategoryGames[0]!.name);
    const firstBanner = banners.data.rows[0]!;
    await expect(main.getByRole('img', { name: `${firstBanner.title}: ${firstBanner.subtitle}` })).toBeVisible();
    await shootBothWidths(page, 'lobby-first-screen');
  });

  test('the app takes over in place: the first tile where the server put it, and the whole row', async ({ page, browser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const sent = await page.getByTestId('game-tile').first().boundingBox();

    const withScripts = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 390, height: 844 } });
    const app = await withScripts.newPage();
    await app.goto('/');
    await expect(app.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(app.locator('#first-screen-state')).toHaveCount(0);
    const firstRow = app
      .getByRole('main')
      .getByRole('region')
      .filter({ has: app.getByTestId('game-tile') })
      .first();
    await expect.poll(async () => firstRow.getByTestId('game-tile').count()).toBeGreaterThan(10);
    expect(await app.getByTestId('game-tile').first().boundingBox()).toEqual(sent);
    await withScripts.close();
  });
});

test.describe('the shell a player sees', () => {
  test('the sidebar has the profile shortcut, Get Coins and Redeem; /responsible-gambling opens Responsible Play', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const player = await registerVerifiedPlayer(page, 'nav');
    await signInThroughApi(page, player);
    await completeProfile(page);
    await page.reload();
    await closeStartupDialogs(page, undefined, { completeProfile: 'leave' });

    const sidebar = page.getByRole('complementary', { name: 'Main menu' });
    const profile = sidebar.getByRole('link', { name: `${player.userName} My Profile` });
    await expect(profile).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Get Coins' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Redeem' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('sidebar-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar.getByRole('link', { name: 'Get Coins' })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('sidebar-390.png') });
    await sidebar.getByRole('link', { name: 'Get Coins' }).click();
    await expect(page).toHaveURL(/\/user\/store$/);
    await expect(page.getByRole('heading', { name: 'Store' })).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });

    await sidebar.getByRole('link', { name: 'Redeem' }).click();
    await expect(page).toHaveURL(/\/redeem$/);
    await expect(page.getByRole('heading', { name: 'Redeem', exact: true })).toBeVisible();
    await profile.click();
    await expect(page).toHaveURL(/\/user\/account-details$/);
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Account settings' }).getByLabel('Gender')).toHaveValue('female');

    // The footer's Responsible Play link is the seed's /responsible-gambling.
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Responsible Play' });
    await expect(footerLink).toHaveAttribute('href', '/responsible-gambling');
    await footerLink.click();
    await expect(page).toHaveURL(/\/user\/account-details\?tab=responsible-play$/);
    await expect(page.getByRole('heading', { name: 'Responsible Play' })).toBeVisible();
    await shootBothWidths(page, 'responsible-gambling', { fullPage: true });
    // Typed in the address bar, too.
    await page.goto('/responsible-gambling');
    await expect(page).toHaveURL(/\/user\/account-details\?tab=responsible-play$/);
    await expect(page.getByRole('heading', { name: 'Responsible Play' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  });

  test('a visitor at /responsible-gambling is sent to /, like at every private route', async ({ page }) => {
    await page.goto('/responsible-gambling');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  });
});
