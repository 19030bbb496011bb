import { expect, test } from '@playwright/test';
import { base64, closeStartupDialogs, registerVerifiedPlayer, signInThroughUi } from '../support/players.js';

/**
 * After the session ends on the server (expired, or logged out on another
 * device), the next request answered 401 clears the stored player and brings the player to /
 * with the login dialog, with one 'Please log in to continue.', not a page of placeholders that
 * never load and not two toasts.
 */
test('a session ended on the server: Favourite brings the player to / with the login dialog, once', async ({
  page,
  playwright,
  baseURL,
}) => {
  const player = await registerVerifiedPlayer(page, 'end');
  await signInThroughUi(page, player);
  await closeStartupDialogs(page);

  const sidebar = page.getByRole('complementary', { name: 'Main menu' });
  await sidebar.getByRole('link', { name: 'Classic Slots' }).click();
  await expect(page.getByRole('heading', { name: 'Classic Slots' })).toBeVisible();
  await expect(page.getByRole('main').getByTestId('game-tile')).toHaveCount(6);
  const tile = page.getByRole('main').getByTestId('game-tile').first();
  const name = (await tile.getByRole('heading').textContent()) ?? '';

  // The same session logs out elsewhere: the server ends it, the page still holds its cookie.
  const elsewhere = await playwright.request.newContext({ baseURL, storageState: await page.context().storageState() });
  const logout = await elsewhere.post('/api/v1/user/logout');
  expect(logout.status(), await logout.text()).toBe(200);
  await elsewhere.dispose();
  expect(await page.context().cookies()).not.toHaveLength(0);

  await tile.getByRole('button', { name: `Favourite: ${name}` }).click();

  await expect(page).toHaveURL(/\/$/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  // One toast with the server's words ('Please log in to continue.', or for a session ended
  // elsewhere 'Your session is no longer valid. Please log in again.'), not one per request.
  const toasts = page.locator('[data-sonner-toast]');
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toHaveText(/Please log in/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('username'))).toBeNull();

  // The private pages send the visitor home instead of loading for ever.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.goto('/favourite');
  await expect(page).toHaveURL(/\/$/);

  // Logging in again works as before.
  const login = await page.request.post('/api/v1/user/login', { data: { email: player.email, password: base64(player.password) } });
  expect(login.status()).toBe(200);
});

test('without its session cookie, Favourite on the Favourites page says "Please log in to continue." once and goes to /', async ({
  page,
}) => {
  const player = await registerVerifiedPlayer(page, 'eck');
  await signInThroughUi(page, player);
  await closeStartupDialogs(page);
  const sidebar = page.getByRole('complementary', { name: 'Main menu' });
  await sidebar.getByRole('link', { name: 'Classic Slots' }).click();
  await expect(page.getByRole('main').getByTestId('game-tile')).toHaveCount(6);
  const tile = page.getByRole('main').getByTestId('game-tile').first();
  const name = (await tile.getByRole('heading').textContent()) ?? '';
  await tile.getByRole('button', { name: `Favourite: ${name}` }).click();
  await expect(tile.getByRole('button', { name: `Favourite: ${name}` })).toHaveAttribute('aria-pressed', 'true');
  await sidebar.getByRole('link', { name: 'Favorite Games' }).click();
  const favourite = page.getByRole('main').getByRole('button', { name: `Favourite: ${name}` });
  await expect(favourite).toBeVisible();
  await page.waitForLoadState('networkidle');
  // 'Added to Favorites' has gone: the only toast from here on is the session's.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

  // The session cookie is gone (an expired session looks the same to the server).
  await page.context().clearCookies();
  // Whichever request meets the 401 first (this click, or a refetch the page makes on its own),
  // the player sees the same thing, once; the click may find the page already gone.
  await favourite.click({ timeout: 5_000 }).catch(() => undefined);

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  const toasts = page.locator('[data-sonner-toast]');
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toHaveText('Please log in to continue.');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
});
