import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** A redeeming player's set-up shared by the redemption specs . */

/**
 * Redeemable SC come only from wins: the spec plays one round through the
 * seamless-wallet API, signed as the in-house game server signs it (the secret it keeps in DATA_DIR).
 */
export async function winRedeemableSc(page: Page, amount: number): Promise<void> {
  const secret = fs.readFileSync(path.join(process.env.E2E_DATA_DIR ?? '', 'game-server-secret'), 'utf8').trim();
  const profile = (await (await page.request.get('/api/v1/user/profile')).json()) as { data: { userId: number } };
  const games = await page.request.get('/api/v1/casino-games?search=Seven%20Sparks&page=1&limit=5');
  const gameId = ((await games.json()) as { data: { rows: { masterCasinoGameId: number }[] } }).data.rows[0]!.masterCasinoGameId;
  const roundId = `e2e-${randomUUID()}`;
  const call = async (action: 'bet' | 'win', value: number) => {
    const walletPath = `/rgs/wallet/${action}`;
    const body = JSON.stringify({ transactionId: randomUUID(), userId: profile.data.userId, gameId, roundId, coin: 'SC', amount: value });
    const timestamp = Date.now();
    const signature = createHmac('sha256', `wallet:${secret}`).update(`${timestamp}.POST.${walletPath}.${body}`).digest('hex');
    const response = await page.request.post(walletPath, {
      headers: { 'content-type': 'application/json', 'x-wallet-timestamp': String(timestamp), 'x-wallet-signature': signature },
      data: body,
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  // A win is at most its title's maximum for the round's bet (Seven Sparks pays at most 350 times a
  // bet: docs/decisions/058-win-limits.md), so the round bets 1 SC of the player's bonus coins.
  await call('bet', 1);
  await call('win', amount);
}

/** Names, birth date and address, as the complete-profile step would save them (so it does not open on every page). */
export async function completeProfile(page: Page): Promise<void> {
  const states = ((await (await page.request.get('/api/v1/details/state')).json()) as { data: { rows: { state_id: number }[] } }).data.rows;
  const stateId = states[0]!.state_id;
  const cities = (
    (await (await page.request.get(`/api/v1/details/city?stateId=${stateId}`)).json()) as { data: { rows: { name: string }[] } }
  ).data.rows;
  const saved = await page.request.put('/api/v1/user/profile', {
    data: {
      firstName: 'Reda',
      lastName: 'Player',
      dateOfBirth: '1990-04-12',
      addressLine_1: '12 Crown Street',
      city: cities[0]!.name,
      state: String(stateId),
      zipCode: '10001',
      gender: 'female',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/**
 * Links Checking ••1234 at Sandbox National Bank through the widget's own API calls (the widget's
 * pages are driven in redeem.spec.ts) and saves it as the player's Active account.
 */
export async function linkBankThroughApi(page: Page): Promise<void> {
  const sources = (await (await page.request.get('/api/v1/payment/get-funding-source')).json()) as {
    data: { finixData: { linkUrl: string } };
  };
  const customerId = new URL(sources.data.finixData.linkUrl, 'http://x').searchParams.get('customer');
  const signIn = await page.request.post('/sandbox/paynote/v1/sessions', {
    data: { customerId, bankId: 'national', username: 'user_good', password: 'pass_good' },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { session } = (await signIn.json()) as { session: string };
  const picked = await page.request.post('/sandbox/paynote/v1/accounts', { data: { session, accountId: 'checking' } });
  expect(picked.status(), await picked.text()).toBe(200);
  const { reference } = (await picked.json()) as { reference: string };
  const saved = await page.request.put('/api/v1/payment/bank-details', { data: { accountReference: reference } });
  expect(saved.status(), await saved.text()).toBe(200);
}
