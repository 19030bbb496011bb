import { expect, test, type Page } from '@playwright/test';
import { base64, registerVerifiedPlayer } from '../support/players.js';

/**
 * The games are our own vector art, the same on every machine. A game page in a
 * fixed state (a fresh session, before any round: the reels rest on fixed stops, the card is
 * covered) is compared with a stored reference screenshot, so broken art (empty boxes where an
 * emoji font is missing, a symbol that no longer draws) cannot slip through. The references are
 * taken in Debian's Chromium, the browser CI uses (e2e/specs/game-art.spec.ts-snapshots/).
 */

/** Logs in through the API, claims the start-up bonuses (2.50 SC) and opens the title's game page on its own. */
async function openGamePage(page: Page, title: string): Promise<void> {
  const player = await registerVerifiedPlayer(page, 'art');
  const login = await page.request.post('/api/v1/user/login', { data: { email: player.email, password: base64(player.password) } });
  expect(login.status(), await login.text()).toBe(200);
  for (const kind of ['daily', 'welcome']) {
    const claim = await page.request.post(`/api/v1/bonus/${kind}-bonus`);
    expect(claim.status(), await claim.text()).toBe(200);
  }
  const games = await page.request.get(`/api/v1/casino-games?search=${encodeURIComponent(title)}&page=1&limit=5`);
  const rows = ((await games.json()) as { data: { rows: { name: string; masterCasinoGameId: number }[] } }).data.rows;
  const game = rows.find((row) => row.name === title);
  expect(game, `${title} in the catalogue`).toBeDefined();
  const launch = await page.request.post('/api/v1/casino-games/launch-game', {
    data: { coin: 'SC', gameId: game!.masterCasinoGameId, isDemo: false, isMobile: false },
  });
  const { gameUrl } = ((await launch.json()) as { data: { gameUrl: string } }).data;
  await page.goto(gameUrl);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Sweeps Coins balance' })).toHaveText('2.50');
}

/** Every symbol picture on screen is drawn: a <use> of a sprite symbol with vector content. */
async function expectDrawnSymbols(page: Page, minimum: number): Promise<void> {
  // The paytable's pictures are in a closed dialog until it opens.
  const glyphs = page.locator('svg.glyph:not(dialog svg)');
  expect(await glyphs.count()).toBeGreaterThanOrEqual(minimum);
  const undrawn = await glyphs.evaluateAll(
    (icons) =>
      icons.filter((icon) => {
        const id = icon.querySelector('use')?.getAttribute('href')?.slice(1);
        const symbol = id ? document.getElementById(id) : null;
        const box = icon.getBoundingClientRect();
        return !symbol || symbol.children.length === 0 || box.width < 8 || box.height < 8;
      }).length,
  );
  expect(undrawn).toBe(0);
  // No symbol is left to the system's emoji font.
  expect(await page.locator('body').innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
}

test.describe('game art', () => {
  test.use({ viewport: { width: 960, height: 640 }, deviceScaleFactor: 1 });

  test('a slot before its first spin looks like its reference', async ({ page }) => {
    await openGamePage(page, 'Seven Sparks');
    await expectDrawnSymbols(page, 15);
    await expect(page).toHaveScreenshot('seven-sparks.png', { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' });
  });

  test('a scratch card before it is bought looks like its reference', async ({ page }) => {
    await openGamePage(page, 'Lucky Clover Scratch');
    await expectDrawnSymbols(page, 7);
    await expect(page).toHaveScreenshot('lucky-clover-scratch.png', { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' });
  });
});
