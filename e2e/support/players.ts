import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Players for end-to-end specs, made the way a player makes an account: sign up through the API,
 * open the verification link from the sandbox outbox (GET /api/v1/dev/mail), then log in through
 * the UI or the API. Any feature's specs can use these.
 */
export interface Player {
  userName: string;
  email: string;
  password: string;
}

/** Meets the sign-up, login and reset password rules of seed 000 section 5. */
export const PLAYER_PASSWORD = 'Spin&Win2026!';

let counter = 0;

/** Fresh credentials: a 5-15 character username and an e-mail nobody else uses. */
export function newPlayer(prefix = 'e2e'): Player {
  counter += 1;
  const unique = `${Date.now().toString(36).slice(-6)}${counter.toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const userName = `${prefix}${unique}`.replace(/[^a-z0-9]/gi, '').slice(0, 15);
  return { userName, email: `${userName.toLowerCase()}@players.test`, password: PLAYER_PASSWORD };
}

/** Passwords travel base64-encoded (seed 000 section 7). */
export function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

function requestOf(target: Page | APIRequestContext): APIRequestContext {
  return 'request' in target ? target.request : target;
}

export async function signUpThroughApi(
  target: Page | APIRequestContext,
  player: Player,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const response = await requestOf(target).post('/api/v1/user/sign-up', {
    data: {
      userName: player.userName,
      email: player.email,
      password: base64(player.password),
      isTermsAccepted: true,
      browser: 'playwright',
      platform: 'web',
      ...extra,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

export async function mailsTo(target: Page | APIRequestContext, email: string): Promise<OutboxMail[]> {
  const response = await requestOf(target).get(`/api/v1/dev/mail?to=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { rows: OutboxMail[] } }).data.rows;
}

/** The newest mailed link to `path` (a full URL from the configured public URL). */
export async function latestMailLink(
  target: Page | APIRequestContext,
  email: string,
  path: '/user/verifyEmail' | '/user/forgotPassword',
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      for (const mail of await mailsTo(target, email)) {
        const match = new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text);
        if (match) {
          link = match[0];
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return link!;
}

/** Signs up through the API and verifies the e-mail through the mailed link; not logged in. */
export async function registerVerifiedPlayer(target: Page | APIRequestContext, prefix = 'e2e'): Promise<Player> {
  const player = newPlayer(prefix);
  await signUpThroughApi(target, player);
  const link = new URL(await latestMailLink(target, player.email, '/user/verifyEmail'));
  const token = link.searchParams.get('token') ?? '';
  const verified = await requestOf(target).get(`/api/v1/user/verifyEmail?token=${encodeURIComponent(token)}`);
  expect(verified.status(), await verified.text()).toBe(200);
  return player;
}

/** Logs in through the Sign-in dialog, as a player would. */
export async function signInThroughUi(page: Page, player: Pick<Player, 'email' | 'password'>): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(player.email);
  await dialog.getByLabel('Password', { exact: true }).fill(player.password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('You have successfully logged in')).toBeVisible();
}

/**
 * Logs in through the API (the page's cookie jar receives the session cookie) and stores the
 * player in local storage the way the web app does on login success, then reloads signed in.
 */
export async function signInThroughApi(page: Page, player: Pick<Player, 'email' | 'password'>): Promise<void> {
  const response = await page.request.post('/api/v1/user/login', { data: { email: player.email, password: base64(player.password) } });
  expect(response.status(), await response.text()).toBe(200);
  // The web app keeps only who signed in (apps/web/src/features/auth/user-details.ts); the rest is the profile query.
  const { userId, username, email } = ((await response.json()) as { data: { userId: number; username: string; email: string } }).data;
  const user = { userId, username, email };
  await page.goto('/');
  await page.evaluate((details) => {
    localStorage.setItem('coin', 'SC');
    localStorage.setItem('username', details.username);
    localStorage.setItem('loginTime', new Date().toISOString());
    localStorage.setItem('userStore', JSON.stringify({ state: { user: details, isAuthenticated: true }, version: 0 }));
  }, user);
  await page.reload();
}

/**
 * A new player's start-up queue (seed 000 section 4) shows the daily bonus and then the welcome
 * bonus after every page load while they are unclaimed, then the complete-profile modal (step 4)
 * and the flash-sale offers (step 7: the demo's welcome offer lasts an hour after registration,
 * its one-time offer a month); specs about something else close them.
 */
export async function closeStartupDialogs(
  page: Page,
  names: string[] = ['Daily reward', 'Welcome bonus received'],
  { completeProfile = 'dismiss', offers = 'close' }: { completeProfile?: 'dismiss' | 'leave'; offers?: 'close' | 'leave' } = {},
): Promise<void> {
  for (const name of names) {
    const dialog = page.getByRole('dialog', { name });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
  if (completeProfile === 'dismiss') await dismissCompleteProfile(page, { offers: 'leave' });
  // 'leave' is for a complete profile (no modal): the lobby popups (step 5) come next.
  else await closeLobbyPopups(page);
  if (offers === 'close') await closeOffers(page);
}

/**
 * Start-up step 7: the flash-sale offers dialog. It shows once per sign-in (the sign-in it showed
 * for is kept in localStorage, features/store/offers/offer-startup.tsx): once it has shown, a
 * reload or another tab does not bring it back, and only the one on screen now is closed.
 */
export async function closeOffers(page: Page): Promise<void> {
  await closeLobbyPopups(page);
  const dialog = page.getByRole('dialog', { name: 'Special Offers' });
  const shownThisSignIn = await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('userStore') ?? '{}') as { state?: { user?: { userId: number } | null } };
    const userId = stored.state?.user?.userId;
    return localStorage.getItem('offersShownFor') === `${userId}|${localStorage.getItem('loginTime')}`;
  });
  if (shownThisSignIn && !(await dialog.isVisible())) return;
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Start-up step 4 (seed 000 section 4): a player without names or date of birth is asked to
 * complete the profile after the bonuses, after every page load. The modal closes only after 3
 * failed attempts (seed 001 section 9): specs about something else fail it three times (an empty
 * form) and close it; the offers (step 7) come next, the first time in a tab, and are closed too
 * unless asked to stay.
 */
export async function dismissCompleteProfile(page: Page, { offers = 'close' }: { offers?: 'close' | 'leave' } = {}): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Complete Your Profile' });
  for (let attempt = 0; attempt < 3; attempt += 1) await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await closeLobbyPopups(page);
  if (offers === 'close') await closeOffers(page);
}

/**
 * Start-up step 5: the lobby popups. The demo has one, one-time: it shows once per browser (its id
 * then sits in local storage's dismissedPopups), so a spec closes it the first time only.
 */
export async function closeLobbyPopups(page: Page): Promise<void> {
  const response = await page.request.get('/api/v1/details/popups');
  const lobby = ((await response.json()) as { data: { groups: { lobby: { popupId: number; textOne: string; isOneTime: boolean }[] } } })
    .data.groups.lobby;
  const dismissed = await page.evaluate(() => JSON.parse(localStorage.getItem('dismissedPopups') ?? '[]') as number[]);
  const due = lobby.find((popup) => !(popup.isOneTime && dismissed.includes(popup.popupId)));
  if (!due) return;
  const dialog = page.getByRole('dialog', { name: due.textOne });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}
