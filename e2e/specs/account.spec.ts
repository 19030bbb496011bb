import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { base64, closeOffers, registerVerifiedPlayer, signInThroughUi } from '../support/players.js';

/**
 * A new player completes the profile in the start-up modal, opens the account page,
 * uploads an avatar (seen in the header), saves the account form, changes the password, and
 * walks the history tabs with the back button.
 */

/** A 96x96 PNG avatar (a violet figure on gold). */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABgCAMAAADVRocKAAABL1BMVEWoVfenVfWsW+WwXtv0sQOuXOCpV+/1swH0sgKoV/DMgYOtXOLyrgquW+OuXeHLgISvXtypVfHyrwnPhnbzsQXBc6XGepKwX9vQhnS0ZMzuqxPtqRrRh3K0Zcq4aMDrqBuwYNrysAi5ar/inDvknjbaklXGepPIfI7vqxLCdaPAcqitWubGepTalFHknTfIe4+9b670sQTHfJDFeZXknzPbk1K+b6/lnzTbk1OsXOTMgYL1sgHQh3PaklTvrBHKf4jAc6fblFDNg3zblU7Lf4fjnDrBdaK4acHNgn7sqBzKf4nSiG++cK3KfoninDzspx3QhXWzZM3LgIXBdKS/canNgoDimz25ab7jnTjZkVfuqxS7bbS1ZcnMgYHZkVjzsAa+cazRiHDRh3HLgIbjnTlfCobuAAAACXBIWXMAAAPoAAAD6AG1e1JrAAACH0lEQVRo3u3XV3LCMBAG4MXYIBlCbwmEAOmBBNJ77733Xu5/huQxDXu1kmd40H+A/WZkeXcFQY8DGtCABjSgAQ1oQC1gjiRXTqvxeLV9JdnDlAO70Rh8S9buUgrc1Tj8Cs90qANuDfgns72KgNQ4NElfSgUQnoKmaYTlgZRDfYD7Z2lgHByTkQWewCWLcsBAmxtgdEgBNXDNmAzQxd0BfiwBRAERmw6wLAaImWRgBFCZJgNJHJAjA0M4IE0G2nFAJxkwcEAbGeA4INC6gOdH5PlH9vyaIn+0BTLQgwMm6M3Oj6lfYvR2bWOAOY8HTiAvMzIz7kC/1Exech36s3JDP9jrBkzKLl59zvXr0pudeeFU/2BUwfLbaF7/JaxkfW96leqjQTUPkMV/71JoMqjsCTUwFvjzf/UvKX0E5u0ffck/l1f+jGXTuXSnwbnxkF6YYPqlr4EWAcyjvWIk7txN45HicrdJAhK5ECATKSTEgZkYCMQ/LAjMr/lAKL4oEwHYOQhnkAkANhByiQdmKPXBt4oFEn4SALEwEjgBYgo4wAxRActEAVdAziYKOKQDGyhgmw5UUECIDlgogNOBQGsAnh9RkQ5co4BlOnCGArrpwA2uVUTIn4Dhml2BCuwju2m5RKufTWAHzrCPNHDW8SPzkQLsiAz9QfH6W6yV1pavrAoN5tK6+OpYfrPQ9/+1TFp+2eZGxXLprdyqvH84vdg+AWMUy/yJBgUwAAAAAElFTkSuQmCC',
  'base64',
);

const NEW_PASSWORD = 'Fresh#Spin2027';

/** Screenshots of the open tab at phone and desktop widths, kept with the run's results. */
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const [label, width, height] of [
    ['390', 390, 844],
    ['1440', 1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    // At phone width the sidebar slides away; the shot waits until it has.
    if (width < 1024) await expect(page.getByRole('complementary', { name: 'Main menu' })).not.toBeInViewport();
    const file = testInfo.outputPath(`account-${name}-${label}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`account-${name}-${label}`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('account area', () => {
  test('completes the profile, uploads an avatar seen in the header, saves the form, changes the password and walks the tabs', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const player = await registerVerifiedPlayer(page, 'acc');
    await signInThroughUi(page, player);
    for (const name of ['Daily reward', 'Welcome bonus received']) {
      const dialog = page.getByRole('dialog', { name });
      await dialog.getByRole('button', { name: 'Claim Now' }).click();
      await expect(dialog).toBeHidden();
    }

    // Start-up step 4: the complete-profile modal, not closable yet; the seed's messages first.
    const complete = page.getByRole('dialog', { name: 'Complete Your Profile' });
    await expect(complete).toBeVisible();
    await expect(complete.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await complete.getByLabel('First Name').fill('Jo');
    await complete.getByLabel('Zip Code').fill('94a05');
    await complete.getByRole('button', { name: 'Save' }).click();
    await expect(complete).toContainText('First Name must be at-least 3 characters');
    await expect(complete).toContainText('Please provide last name');
    await expect(complete).toContainText('Date of birth is required');
    await expect(complete).toContainText('Must be only digits');
    await expect(complete).toContainText('Gender is required');
    await complete.getByLabel('First Name').fill('Jane');
    await complete.getByLabel('Last Name').fill('Player');
    await complete.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'April' });
    await complete.getByRole('combobox', { name: 'Day' }).selectOption('12');
    await complete.getByRole('combobox', { name: 'Year' }).selectOption('1990');
    await complete.getByLabel('Gender').selectOption({ label: 'Female' });
    await complete.getByLabel('Address', { exact: true }).fill('1 Market Street');
    await complete.getByLabel('State').selectOption({ label: 'California' });
    await expect(complete.getByLabel('City').locator('option[value="San Francisco"]')).toHaveCount(1);
    await complete.getByLabel('City').selectOption('San Francisco');
    await complete.getByLabel('Zip Code').fill('94105');
    await page.screenshot({ path: testInfo.outputPath('complete-profile-1440.png') });
    await complete.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully.')).toBeVisible();
    await expect(complete).toBeHidden();
    // Then step 7, the flash-sale offers.
    await closeOffers(page);

    // The account page from the header's menu: the Account tab, names and birth date read-only.
    await page
      .getByRole('banner')
      .getByRole('button', { name: `Account menu for ${player.userName}` })
      .click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/user\/account-details$/);
    await expect(page.getByRole('tab', { name: 'Account', selected: true })).toBeVisible();
    const form = page.getByRole('form', { name: 'Account settings' });
    await expect(form.getByLabel('First Name')).toHaveValue('Jane');
    await expect(form.getByLabel('First Name')).toHaveAttribute('readonly');
    await expect(form.getByLabel('Email')).toHaveValue(player.email);
    await expect(form.getByLabel('Date of Birth')).toHaveValue('04/12/1990');
    await expect(form.getByLabel('City')).toHaveValue('San Francisco');

    // A file that is not an image, named .png, is refused by the server with the seed's text.
    const fileInput = page.locator('input[type="file"][name="document"]');
    await fileInput.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: Buffer.from('definitely not a picture') });
    await expect(page.getByText('Invalid file type! Please upload a JPEG, JPG or PNG image.')).toBeVisible();
    // A real PNG becomes the avatar, here and in the header.
    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: AVATAR_PNG });
    await expect(page.getByText('Image uploaded successfully.')).toBeVisible();
    const avatar = page.getByRole('img', { name: 'Your avatar' });
    await expect(avatar).toHaveAttribute('src', /^\/api\/v1\/user\/profile-image\/[0-9a-f]{32}$/);
    const headerAvatar = page
      .getByRole('banner')
      .getByRole('button', { name: `Account menu for ${player.userName}` })
      .locator('img');
    await expect(headerAvatar).toHaveAttribute('src', (await avatar.getAttribute('src'))!);
    await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);

    // Save with a bad zip code shows the rule; a good one saves.
    await form.getByLabel('Address', { exact: true }).fill('2 Mission Street');
    await form.getByLabel('Zip Code').fill('9410');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toContainText('Must be exactly 5 digits');
    await form.getByLabel('Zip Code').fill('94103');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile updated successfully.').first()).toBeVisible();
    await expect(form.getByLabel('Address', { exact: true })).toHaveValue('2 Mission Street');
    await expect(form.getByLabel('Gender')).toHaveValue('female');
    await shoot(page, testInfo, 'account');

    // Security: a wrong old password marks the field; the right one changes it.
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page).toHaveURL(/tab=security/);
    const security = page.getByRole('form', { name: 'Change password' });
    await security.getByLabel('Old Password').fill('Wrong#Pass2026');
    await security.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await security.getByLabel('Confirm New Password').fill('Fresh#Spin2028');
    await security.getByRole('button', { name: 'Update' }).click();
    await expect(security).toContainText('New Password and Repeat Password do not match');
    await security.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await security.getByRole('button', { name: 'Update' }).click();
    await expect(security).toContainText('Old password is incorrect.');
    await shoot(page, testInfo, 'security');
    await security.getByLabel('Old Password').fill(player.password);
    await security.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Your password has been changed successfully.')).toBeVisible();
    await expect(security.getByLabel('Old Password')).toHaveValue('');
    // This page stays signed in; the new password is the one that logs in now.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: `Account menu for ${player.userName}` })).toBeVisible();
    const elsewhere = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    expect(
      (await elsewhere.post('/api/v1/user/login', { data: { email: player.email, password: base64(player.password) } })).status(),
    ).toBe(400);
    expect((await elsewhere.post('/api/v1/user/login', { data: { email: player.email, password: base64(NEW_PASSWORD) } })).status()).toBe(
      200,
    );
    await elsewhere.dispose();

    // Histories: no bets yet; the two claimed bonuses among the transactions.
    await page.getByRole('tab', { name: 'Bet History' }).click();
    await expect(page).toHaveURL(/tab=bet-history/);
    await expect(page.getByText('No records found')).toBeVisible();
    await shoot(page, testInfo, 'bet-history');
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await expect(page.getByText('No records found')).toBeVisible();
    await page.getByLabel('Transaction Type').selectOption({ label: 'Bonus' });
    const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Welcome bonus');
    await expect(rows.nth(1)).toContainText('Success');
    await expect(rows.nth(1)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)/);
    await expect(rows.nth(2)).toContainText('Daily bonus');
    await shoot(page, testInfo, 'transactions');
    // A start after the end is flagged inline and nothing is asked.
    await page.getByLabel('Start Date').fill('2030-01-02');
    await page.getByLabel('End Date').fill('2030-01-01');
    await expect(page.getByText('Start date must not be after end date')).toBeVisible();
    await expect(page.getByText('End date must not be before start date')).toBeVisible();
    await page.getByLabel('Start Date').fill('2030-01-01');
    await expect(page.getByText('No records found')).toBeVisible();

    // The back button returns through the tabs.
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Bet History', selected: true })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
  });
});
