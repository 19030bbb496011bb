import { expect, test, type Page } from '@playwright/test';
import {
  closeStartupDialogs,
  latestMailLink,
  newPlayer,
  registerVerifiedPlayer,
  signInThroughUi,
  signUpThroughApi,
} from '../support/players.js';

/** Accounts and access in Chromium, against the production build. */

async function openJoinNow(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join Now' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function openSignIn(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function shoot(page: Page, name: string) {
  for (const [size, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    const file = test.info().outputPath(`${name}-${size}.png`);
    await page.screenshot({ path: file });
    await test.info().attach(`${name}-${size}`, { path: file, contentType: 'image/png' });
  }
}

test.describe('accounts and access', () => {
  test('register, verify from the outbox, log in, stay signed in across a reload, log out', async ({ page }) => {
    // Two page loads each dismiss the complete-profile modal (start-up step 4) on top of the rest.
    test.setTimeout(120_000);
    const player = newPlayer('reg');
    const dialog = await openJoinNow(page);
    await expect(dialog.getByText('**No purchase required')).toBeVisible();
    await expect(dialog.getByText('10-20 characters, At least one number, one uppercase letter & one special character.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Terms and Conditions' }).first()).toHaveAttribute('href', '/terms-and-conditions');
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/privacy-policy');
    await shoot(page, 'join-now');

    await dialog.getByLabel('Username').fill(player.userName);
    await dialog.getByLabel('Email').fill(player.email);
    await dialog.getByLabel('Password', { exact: true }).fill(player.password);
    await dialog.getByLabel('Confirm Password').fill(player.password);
    await dialog.getByLabel(/I am at least 18 years old/).check();
    await dialog.getByRole('button', { name: 'Signup' }).click();

    const actionRequired = page.getByRole('dialog', { name: 'Action Required' });
    await expect(actionRequired.getByText(player.email)).toBeVisible();
    await expect(actionRequired.getByRole('button', { name: 'Resend Email' })).toBeVisible();
    await shoot(page, 'verification-sent');
    await actionRequired.getByRole('button', { name: 'Resend Email' }).click();
    await expect(page.getByText('Verification mail has been sent successfully')).toBeVisible();

    await page.goto(await latestMailLink(page, player.email, '/user/verifyEmail'));
    await expect(page.getByText('Email Verified Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await expect(signIn.getByLabel('Email')).toHaveValue(player.email);
    await signIn.getByLabel('Password', { exact: true }).fill(player.password);
    await signIn.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('You have successfully logged in')).toBeVisible();
    await closeStartupDialogs(page);
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: `Account menu for ${player.userName}` })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Login' })).toHaveCount(0);
    expect(await page.evaluate(() => [localStorage.getItem('username'), localStorage.getItem('loginTime') !== null])).toEqual([
      player.userName,
      true,
    ]);

    await page.reload();
    await expect(header.getByRole('button', { name: `Account menu for ${player.userName}` })).toBeVisible();
    // The offers shown before are not queued again in this sign-in; the unclaimed bonuses are.
    await closeStartupDialogs(page, ['Daily reward', 'Welcome bonus received']);
    await expect(header.getByRole('button', { name: 'Login' })).toHaveCount(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await header.getByRole('button', { name: `Account menu for ${player.userName}` }).click();
    await shoot(page, 'account-menu');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page.getByText('You have successfully logged out.')).toBeVisible();
    await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('username'), localStorage.getItem('loginTime')])).toEqual([null, null]);

    // The old session is over on the server too.
    expect((await page.request.get('/api/v1/user/profile')).status()).toBe(401);
  });

  test('forgot password, reset through the mailed link, then only the new password works', async ({ page }) => {
    const player = await registerVerifiedPlayer(page, 'fgt');
    const signIn = await openSignIn(page);
    await signIn.getByRole('button', { name: 'Forgot The Password' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
    await expect(forgot.getByRole('button', { name: 'REGISTER' })).toBeVisible();
    await expect(forgot.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
    await forgot.getByLabel('Email').fill(`nobody-${Date.now()}@players.test`);
    await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(forgot.getByText('Please enter your registered email.')).toBeVisible();
    await forgot.getByLabel('Email').fill(player.email);
    await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Reset password link sent')).toBeVisible();

    const newPassword = 'Fresh$Start2026';
    await page.goto(await latestMailLink(page, player.email, '/user/forgotPassword'));
    const reset = page.getByRole('dialog', { name: 'RESET PASSWORD' });
    await expect(reset).toBeVisible();
    await reset.getByLabel('Password', { exact: true }).fill('weak');
    await reset.getByLabel('Confirm password').fill('different');
    await reset.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await expect(reset.getByText('Password must contain at least 8 characters')).toBeVisible();
    await expect(reset.getByText('Passwords must match')).toBeVisible();
    await shoot(page, 'reset-password');
    await page.setViewportSize({ width: 1440, height: 900 });
    await reset.getByLabel('Password', { exact: true }).fill(newPassword);
    await reset.getByLabel('Confirm password').fill(newPassword);
    await reset.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await expect(page.getByText('Your Password is changed')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    const again = await openSignIn(page);
    await again.getByLabel('Email').fill(player.email);
    await again.getByLabel('Password', { exact: true }).fill(player.password);
    await again.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(again.getByText('Incorrect password.')).toBeVisible();
    await again.getByLabel('Password', { exact: true }).fill(newPassword);
    await again.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('You have successfully logged in')).toBeVisible();
  });

  test('a used reset link says it is no longer valid', async ({ page }) => {
    const player = await registerVerifiedPlayer(page, 'used');
    await page.request.post('/api/v1/user/forgetPassword', { data: { email: player.email } });
    const link = await latestMailLink(page, player.email, '/user/forgotPassword');
    const token = new URL(link).searchParams.get('token')!;
    await page.request.post('/api/v1/user/verifyForgetPassword', {
      data: { newPasswordKey: token, password: Buffer.from('Fresh$Start2026').toString('base64') },
    });
    await page.goto(link);
    const reset = page.getByRole('dialog', { name: 'RESET PASSWORD' });
    await reset.getByLabel('Password', { exact: true }).fill('Other$Pass2026');
    await reset.getByLabel('Confirm password').fill('Other$Pass2026');
    await reset.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await expect(
      reset.getByRole('alert').filter({ hasText: 'Password reset link is no longer valid. Kindly request a new link.' }),
    ).toBeVisible();
  });

  test('sign in with the sandbox Google account chooser', async ({ page }) => {
    const signIn = await openSignIn(page);
    await signIn.getByRole('button', { name: 'Sign in with Google' }).click();
    const chooser = page.getByRole('dialog', { name: 'Sign in with Google' });
    await expect(chooser.getByText('Choose an account')).toBeVisible();
    await shoot(page, 'google-chooser');
    await page.setViewportSize({ width: 1440, height: 900 });
    const email = `${newPlayer('goo').userName.toLowerCase()}@example.com`;
    await chooser.getByLabel('Google e-mail').fill(email);
    await chooser.getByLabel('Name').fill('Riley Google');
    await chooser.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('You have successfully logged in')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu for Riley/ })).toBeVisible();
    const profile = (await (await page.request.get('/api/v1/user/profile')).json()) as { data: { email: string; emailVerified: boolean } };
    expect(profile.data).toMatchObject({ email, emailVerified: true });
  });

  test('a Google account with an unverified e-mail gets the Send Email prompt, and closing it logs out', async ({ page }) => {
    const signIn = await openSignIn(page);
    await signIn.getByRole('button', { name: 'Sign in with Google' }).click();
    const chooser = page.getByRole('dialog', { name: 'Sign in with Google' });
    await chooser.getByLabel('Google e-mail').fill(`${newPlayer('unv').userName.toLowerCase()}@example.com`);
    await chooser.getByLabel('Name').fill('Pat Pending');
    await chooser.getByLabel('Google has verified this e-mail address').uncheck();
    await chooser.getByRole('button', { name: 'Continue' }).click();
    const prompt = page.getByRole('dialog', { name: 'Action Required' });
    await expect(prompt.getByRole('button', { name: 'Send Email' })).toBeVisible();
    await shoot(page, 'email-not-verified');
    await page.setViewportSize({ width: 1440, height: 900 });
    await prompt.getByRole('button', { name: 'Send Email' }).click();
    await expect(page.getByText('Verification mail has been sent successfully')).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Resend Email' })).toBeVisible();
    await prompt.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
    expect((await page.request.get('/api/v1/user/profile')).status()).toBe(401);
  });

  test('each sign-up validation message appears at its field', async ({ page }) => {
    const dialog = await openJoinNow(page);
    await dialog.getByRole('button', { name: 'Signup' }).click();
    await expect(dialog.getByText('Username is required')).toBeVisible();
    await expect(dialog.getByText('Please enter an email address')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    await expect(dialog.getByText('Please accept terms and conditions')).toBeVisible();

    const username = dialog.getByLabel('Username');
    await username.fill('   ');
    await username.blur();
    await expect(dialog.getByText('Username cannot contain only spaces')).toBeVisible();
    await username.fill('ab');
    await username.blur();
    await expect(dialog.getByText('Username must be 5-15 characters long & contain only alphabets or digits')).toBeVisible();

    const taken = await registerVerifiedPlayer(page, 'tkn');
    await username.fill(taken.userName.toUpperCase());
    await username.blur();
    await expect(dialog.getByText('Username already exists')).toBeVisible();

    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Email').blur();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();

    const password = dialog.getByLabel('Password', { exact: true });
    await password.fill('Short1!');
    await password.blur();
    await expect(dialog.getByText('Password must contain at least 10 characters')).toBeVisible();
    await password.fill('Way&TooLongPassword123');
    await expect(dialog.getByText('Password must not contain more than 20 characters')).toBeVisible();
    await password.fill('alllowercase1!');
    await expect(
      dialog.getByText('Password must contain at least one lowercase & uppercase letter, digit and special character'),
    ).toBeVisible();
    await password.fill('Spin&Win2026!');
    await dialog.getByLabel('Confirm Password').fill('Spin&Win2026?');
    await dialog.getByLabel('Confirm Password').blur();
    await expect(dialog.getByText('Password and Confirm Password do not match')).toBeVisible();

    // Show/hide toggles the password's visibility.
    await expect(password).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Show password' }).first().click();
    await expect(password).toHaveAttribute('type', 'text');

    const promo = dialog.getByLabel('Promo Code (optional)');
    await promo.fill('spring25');
    await expect(promo).toHaveValue('SPRING25');
    await dialog.getByRole('button', { name: 'Signup' }).click();
    await expect(dialog.getByText('Please agree to receive promotional offers to use a promo code')).toBeVisible();
    await shoot(page, 'join-now-errors');
  });

  test('sign-up refuses an e-mail that already has an account at the e-mail field', async ({ page }) => {
    const existing = await registerVerifiedPlayer(page, 'dupe');
    const fresh = newPlayer('dup2');
    const dialog = await openJoinNow(page);
    await dialog.getByLabel('Username').fill(fresh.userName);
    await dialog.getByLabel('Email').fill(existing.email.toUpperCase());
    await dialog.getByLabel('Password', { exact: true }).fill(fresh.password);
    await dialog.getByLabel('Confirm Password').fill(fresh.password);
    await dialog.getByLabel(/I am at least 18 years old/).check();
    await dialog.getByRole('button', { name: 'Signup' }).click();
    await expect(dialog.getByText('Email already exists.')).toBeVisible();
  });

  test('each login validation message appears for its bad input', async ({ page }) => {
    const dialog = await openSignIn(page);
    await expect(dialog.getByText('10-20 characters, At least one number, one uppercase letter & one special character.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Forgot The Password' })).toBeVisible();
    await shoot(page, 'sign-in');
    await page.setViewportSize({ width: 1440, height: 900 });

    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(dialog.getByText('Please enter an email address')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    await dialog.getByLabel('Email').fill('player@');
    await dialog.getByLabel('Password', { exact: true }).fill('Short1!');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByText('Password must contain at least 8 characters')).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill('Way&TooLongPassword123');
    await expect(dialog.getByText('Password must not contain more than 20 characters')).toBeVisible();

    // 3065 at the password field.
    const player = await registerVerifiedPlayer(page, 'bad');
    await dialog.getByLabel('Email').fill(player.email);
    await dialog.getByLabel('Password', { exact: true }).fill('Wrong&Pass123');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(dialog.getByText('Incorrect password.')).toBeVisible();

    // 3183: 'Please first sign up for login', then the sign-up tab with the address filled in.
    const stranger = `stranger-${Date.now()}@players.test`;
    await dialog.getByLabel('Email').fill(stranger);
    await dialog.getByLabel('Password', { exact: true }).fill('Spin&Win2026!');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Please first sign up for login')).toBeVisible();
    const joinNow = page.getByRole('dialog', { name: 'Join Now' });
    await expect(joinNow.getByLabel('Email')).toHaveValue(stranger);
  });

  test('logging in before verifying opens the verification-sent dialog (3050)', async ({ page }) => {
    const player = newPlayer('early');
    await signUpThroughApi(page, player);
    const dialog = await openSignIn(page);
    await dialog.getByLabel('Email').fill(player.email);
    await dialog.getByLabel('Password', { exact: true }).fill(player.password);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Verification email has been sent to you')).toBeVisible();
    const actionRequired = page.getByRole('dialog', { name: 'Action Required' });
    await expect(actionRequired.getByRole('button', { name: 'Resend Email' })).toBeVisible();
    await actionRequired.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test('/register opens the sign-up dialog for visitors and sends players home', async ({ page }) => {
    await page.goto('/register?referralcode=FRIEND42');
    await expect(page.getByRole('dialog', { name: 'Join Now' })).toBeVisible();
    const player = await registerVerifiedPlayer(page, 'regd');
    await page.keyboard.press('Escape');
    await signInThroughUi(page, player);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog', { name: 'Join Now' })).toHaveCount(0);
  });

  test('the sidebar Log Out ends the session', async ({ page }) => {
    const player = await registerVerifiedPlayer(page, 'side');
    await signInThroughUi(page, player);
    await closeStartupDialogs(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('complementary', { name: 'Main menu' }).getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByText('You have successfully logged out.')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Main menu' })).toHaveCount(0);
  });

  test('a log out in one tab shows the signed-out state in the other open tab at once', async ({ page, context }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const player = await registerVerifiedPlayer(page, 'tabs');
    await signInThroughUi(page, player);
    await closeStartupDialogs(page);
    const other = await context.newPage();
    await other.setViewportSize({ width: 1440, height: 900 });
    await other.goto('/user/account-details');
    // The unclaimed bonuses and the profile prompt come back on this page load; the offers do not.
    await closeStartupDialogs(other, ['Daily reward', 'Welcome bonus received'], { offers: 'leave' });
    const otherHeader = other.getByRole('banner');
    await expect(otherHeader.getByRole('button', { name: `Account menu for ${player.userName}` })).toBeVisible();

    await page.getByRole('complementary', { name: 'Main menu' }).getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByText('You have successfully logged out.')).toBeVisible();

    // No reload, no click in the other tab: it leaves the private page and shows the visitor's header.
    await expect(otherHeader.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(otherHeader.getByRole('button', { name: `Account menu for ${player.userName}` })).toHaveCount(0);
    await expect(other.getByRole('complementary', { name: 'Main menu' })).toHaveCount(0);
    await expect(other).toHaveURL(/\/$/);
  });

  test('policy pages come from the CMS; an unknown slug is not found', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await expect(page.getByText('You must be at least 18 years old', { exact: false })).toBeVisible();
    await shoot(page, 'terms');
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await page.goto('/no-such-policy-page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('the sandbox outbox page lists the mails', async ({ page }) => {
    const player = newPlayer('box');
    await signUpThroughApi(page, player);
    await page.goto('/dev/mail');
    await expect(page.getByRole('heading', { name: 'Sandbox outbox' })).toBeVisible();
    await expect(page.getByText(player.email).first()).toBeVisible();
  });
});
