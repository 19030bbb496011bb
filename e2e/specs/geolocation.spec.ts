import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { enforcingUrl } from '../support/enforcing-server.js';
import { registerVerifiedPlayer, signInThroughUi } from '../support/players.js';

/**
 * The location gate in Chromium, against a server that enforces it. The browser's
 * Geolocation API is set to a point in an allowed state (New York: the game opens) and in a
 * blocked one (Seattle, Washington: the Location Issue dialog, and the API refuses a launch made
 * by hand).
 */
test.use({ baseURL: enforcingUrl, permissions: ['geolocation'] });

const NEW_YORK = { latitude: 40.7128, longitude: -74.006 };
const SEATTLE = { latitude: 47.6062, longitude: -122.3321 };

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** Closes the start-up queue's bonus dialogs, whichever of them shows, until none is left. */
async function closeBonusDialogs(page: Page): Promise<void> {
  for (const name of ['Daily reward', 'Welcome bonus received']) {
    const dialog = page.getByRole('dialog', { name });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
}

async function launchByHand(page: Page, gameId: number) {
  const response = await page.request.post('/api/v1/casino-games/launch-game', {
    data: { coin: 'GC', gameId, isDemo: false, isMobile: false },
  });
  const body = (await response.json()) as { data?: { gameUrl: string }; errors?: { errorCode: number; description: string }[] };
  return { status: response.status(), body };
}

async function firstGame(page: Page): Promise<{ id: number; name: string }> {
  const response = await page.request.get('/api/v1/casino-games?limit=1');
  const row = ((await response.json()) as { data: { rows: { masterCasinoGameId: number; name: string }[] } }).data.rows[0]!;
  return { id: row.masterCasinoGameId, name: row.name };
}

test.describe('the location gate', () => {
  test('a player in an allowed state logs in without a dialog and the game opens', async ({ page, context }, testInfo) => {
    await context.setGeolocation(NEW_YORK);
    const player = await registerVerifiedPlayer(page, 'geook');
    await signInThroughUi(page, player);
    await closeBonusDialogs(page);
    await expect(page.getByRole('dialog', { name: 'Location Issue' })).toBeHidden();

    const game = await firstGame(page);
    await page.goto(`/game-play/${game.id}`);
    const frame = page.frameLocator(`iframe[title="${game.name}"]`);
    await expect(frame.getByRole('status', { name: /Coins balance$/ })).toBeVisible();
    await shoot(page, testInfo, 'geolocation-allowed-game');
    expect((await launchByHand(page, game.id)).status).toBe(200);
  });

  test('a player in a blocked state gets the Location Issue dialog and the API refuses a launch', async ({ page, context }, testInfo) => {
    await context.setGeolocation(SEATTLE);
    const player = await registerVerifiedPlayer(page, 'geono');
    await signInThroughUi(page, player);

    // The start-up queue's bonus dialogs and the Location Issue dialog come one at a time, in the
    // order they were queued: close bonus dialogs until the Location Issue dialog is the one shown.
    const issue = page.getByRole('dialog', { name: 'Location Issue' });
    const closable = page.getByRole('dialog').getByRole('button', { name: 'Close' });
    for (let shown = 0; shown < 3; shown += 1) {
      await expect(issue.or(closable)).toBeVisible();
      if (await issue.isVisible()) break;
      await closable.click();
    }
    await expect(issue).toBeVisible();
    await expect(issue).toContainText('This application might not be available in your region.');
    await expect(issue).toContainText('Play is not available in your state.');
    await expect(issue).toContainText('Need help? Contact our support team');
    // Not closable: Escape and the backdrop leave it; Retry is its only button.
    await page.keyboard.press('Escape');
    await expect(issue).toBeVisible();
    await expect(issue.getByRole('button')).toHaveText(['Retry']);
    await shoot(page, testInfo, 'geolocation-blocked-dialog');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(issue.getByRole('button', { name: 'Retry' })).toBeInViewport();
    await shoot(page, testInfo, 'geolocation-blocked-dialog-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shoot(page, testInfo, 'geolocation-blocked-dialog-desktop');

    const game = await firstGame(page);
    const refused = await launchByHand(page, game.id);
    expect(refused.status).toBe(451);
    expect(refused.body.errors?.[0]).toMatchObject({
      errorCode: 3761,
      description: 'This application might not be available in your region.',
    });

    // Still in Washington: Retry asks again (USER_DRIVEN_RETRY) and the dialog stays.
    const decided = page.waitForResponse((response) => response.url().includes('/details/decrypt-geocomply-data'));
    await issue.getByRole('button', { name: 'Retry' }).click();
    expect(((await (await decided).json()) as { data: { allowed: boolean; reason: string } }).data).toMatchObject({
      allowed: false,
      reason: 'USER_DRIVEN_RETRY',
    });
    await expect(issue).toBeVisible();

    // Crossing into an allowed state, Retry passes, the dialog closes and the launch goes through.
    await context.setGeolocation(NEW_YORK);
    await issue.getByRole('button', { name: 'Retry' }).click();
    await expect(issue).toBeHidden();
    expect((await launchByHand(page, game.id)).status).toBe(200);
  });
});
