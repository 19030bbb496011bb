import { expect, test, type FrameLocator } from '@playwright/test';
import { expectAccessibleAtBothWidths } from '../support/axe.js';
import { dismissCompleteProfile, registerVerifiedPlayer, signInThroughUi } from '../support/players.js';
import { shootBothWidths } from '../support/screenshots.js';

/**
 * Provably fair play (docs/decisions/070-provably-fair.md): a player plays, sees the hash of their
 * server seed in the game, rotates their seeds, and verifies a round on /provably-fair, where the
 * browser draws it again (no call to our server) and finds the win the round paid. A visitor can
 * open the page and verify seeds without signing in.
 */

function gameBalance(frame: FrameLocator) {
  return frame.getByRole('status', { name: 'Sweeps Coins balance' });
}

interface HistoryRow {
  roundId: string;
  bet_amount: number;
  win_amount: number;
  seeds: { game: string; serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number } | null;
}

test.describe('provably fair', () => {
  test('a player plays, rotates their seeds in the game, and verifies a round on /provably-fair', async ({ page }) => {
    test.setTimeout(180_000);
    const player = await registerVerifiedPlayer(page, 'fair');
    await signInThroughUi(page, player);
    for (const name of ['Daily reward', 'Welcome bonus received']) {
      const dialog = page.getByRole('dialog', { name });
      await dialog.getByRole('button', { name: 'Claim Now' }).click();
      await expect(dialog).toBeHidden();
    }
    await dismissCompleteProfile(page);

    const games = (await (await page.request.get('/api/v1/casino-games?search=seven')).json()) as {
      data: { rows: { masterCasinoGameId: number; name: string }[] };
    };
    const game = games.data.rows.find((row) => row.name === 'Seven Sparks')!;
    await page.goto(`/game-play/${game.masterCasinoGameId}`);
    // A page load asks again for the profile (start-up step 4).
    await dismissCompleteProfile(page, { offers: 'leave' });
    const frame = page.frameLocator('iframe[title="Seven Sparks"]');
    await expect(frame.getByRole('heading', { name: 'Seven Sparks' })).toBeVisible();
    await expect(gameBalance(frame)).toHaveText('2.50');

    // The seeds before play: the hash of the server seed, never the seed.
    await frame.getByRole('button', { name: 'Provably fair' }).click();
    const panel = frame.getByRole('dialog', { name: 'Provably fair' });
    const hash = panel.getByTestId('fair-hash');
    await expect(hash).toHaveText(/^[0-9a-f]{64}$/);
    const promised = (await hash.textContent())!;
    await panel.getByRole('button', { name: 'Close provably fair' }).click();

    // Three rounds at the smallest bet.
    const lower = frame.getByRole('button', { name: 'Lower bet' });
    while ((await lower.getAttribute('aria-disabled')) !== 'true') await lower.click();
    const spin = frame.getByRole('button', { name: 'Spin' });
    for (let round = 0; round < 3; round += 1) {
      await spin.click();
      await expect(spin).toBeDisabled();
      await expect(spin).toBeEnabled({ timeout: 15_000 });
    }

    // The panel lists the rounds with their nonces; rotating reveals the seed they were drawn from.
    await frame.getByRole('button', { name: 'Provably fair' }).click();
    await expect(panel.getByRole('list', { name: 'Your latest rounds here' }).getByRole('listitem')).toHaveCount(3);
    await expect(panel.getByText(/nonce 2$/)).toBeVisible();
    await panel.getByRole('button', { name: 'Rotate seeds' }).click();
    await expect(panel.getByRole('status')).toContainText('revealed');
    await expect(hash).not.toHaveText(promised);
    await shootBothWidths(page, 'provably-fair-game-panel');
    await page.setViewportSize({ width: 1280, height: 720 });
    const link = panel.getByRole('link', { name: /^Verify round \d+ / }).first();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/provably-fair#game=seven-sparks&clientSeed=[^&]+&nonce=2&serverSeed=[0-9a-f]{64}&hash=/);

    // The round as the history has it: its seeds and its win.
    const history = (await (await page.request.get('/api/v1/casino-games/bets?coinType=SC')).json()) as { data: { rows: HistoryRow[] } };
    const played = history.data.rows.find((row) => row.seeds?.nonce === 2)!;
    expect(played.seeds).toMatchObject({ game: 'seven-sparks', serverSeedHash: promised });
    expect(played.seeds!.serverSeed).toMatch(/^[0-9a-f]{64}$/);

    // The page draws it again in the browser: no request carries the seeds (the link keeps them in
    // its fragment, which a browser never sends).
    const sent: string[] = [];
    page.on('request', (request) => sent.push(`${request.url()} ${request.postData() ?? ''}`));
    await page.goto(href);
    await dismissCompleteProfile(page, { offers: 'leave' });
    const verified = page.getByTestId('verified-round');
    await expect(verified.getByRole('heading', { name: 'Seven Sparks' })).toBeVisible();
    await expect(verified.getByTestId('grid-cell')).toHaveCount(15);
    await expect(page.getByText(/is the hash you were shown before the round/)).toBeVisible();
    const multiplier = Number((await verified.getByTestId('win-multiplier').textContent())!.replace('×', ''));
    expect(multiplier).toBeCloseTo(played.win_amount / played.bet_amount, 4);
    await expect(verified.getByText(`A 0.10 bet wins ${played.win_amount.toFixed(2)}.`)).toBeVisible();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((request) => request.includes(played.seeds!.serverSeed!) || request.includes(played.seeds!.clientSeed))).toEqual([]);

    // The player's seeds on the page: the revealed pair, and a client seed of their own.
    const seeds = page.getByRole('region', { name: 'Your seeds' });
    await expect(seeds.getByTestId('revealed-server-seed')).toHaveText(played.seeds!.serverSeed!);
    await seeds.getByLabel('New client seed').fill('my lucky seed');
    await seeds.getByRole('button', { name: 'Change client seed' }).click();
    await expect(seeds.getByRole('alert')).toHaveText('A client seed is 1 to 64 letters, digits or symbols, with no spaces.');
    await seeds.getByLabel('New client seed').fill('my-lucky-seed');
    await seeds.getByRole('button', { name: 'Change client seed' }).click();
    await expect(seeds.getByTestId('current-client-seed')).toHaveText('my-lucky-seed');
    await expect(seeds.getByTestId('revealed-server-seed')).toHaveCount(2);
    await shootBothWidths(page, 'provably-fair-player', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The bet history links each round to its seeds.
    await page.goto('/user/account-details?tab=bet-history');
    await dismissCompleteProfile(page, { offers: 'leave' });
    const verifyLink = page.getByRole('link', { name: /^Verify round \d+: nonce 2$/ });
    await expect(verifyLink).toHaveAttribute('href', /^\/provably-fair#game=seven-sparks/);
    await verifyLink.click();
    await expect(page.getByTestId('verified-round').getByTestId('win-multiplier')).toHaveText(`${multiplier}×`);
  });

  test('a visitor verifies pasted seeds on /provably-fair without signing in, at a phone’s and a desktop’s width', async ({ page }) => {
    await page.goto('/provably-fair');
    await expect(page.getByRole('heading', { name: 'Provably fair', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your seeds' })).toHaveCount(0);
    const form = page.getByRole('form', { name: 'Verify a round' });
    await form.getByLabel('Game').selectOption('pot-of-gold-scratch');
    await form.getByLabel('Server seed (revealed)').fill('aa'.repeat(32));
    await form.getByLabel('Client seed').fill('hello');
    await form.getByLabel('Nonce').fill('0');
    await form.getByLabel('Bet (optional)').fill('0.50');
    await form.getByLabel('Nonce').press('Enter');
    const verified = page.getByTestId('verified-round');
    await expect(verified.getByTestId('card-cell')).toHaveCount(9);
    await expect(verified.getByTestId('win-multiplier')).toHaveText('10×');
    await expect(verified.getByText('A 0.50 bet wins 5.00.')).toBeVisible();
    await shootBothWidths(page, 'provably-fair', { fullPage: true });
    await expectAccessibleAtBothWidths(page, '/provably-fair with a verified round');
    // The form by keyboard alone: from the game to the button, Enter draws the round again.
    await form.getByLabel('Game').focus();
    for (let press = 0; press < 6; press += 1) await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Verify round' })).toBeFocused();
    await page.keyboard.press('Enter');
    // The result takes the focus, so a screen reader reads it next.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.querySelector('[aria-label="Verified round"]') !== null))
      .toBe(true);
  });
});
