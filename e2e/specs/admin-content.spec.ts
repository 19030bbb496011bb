import type { Banner } from '@casino/contracts/banners';
import { expect, test } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { shootBothWidths } from '../support/screenshots.js';

/**
 * A content operator (made by `npm run admin:create --roles content`'s code
 * before the server started, playwright.config.ts) enrols two-factor, changes a banner of the
 * lobby's carousel with a reason, finds the old version in its history, and the lobby shows the
 * new title and artwork at once.
 */
const operator = { email: process.env.E2E_CONTENT_OPERATOR_EMAIL ?? '', password: process.env.E2E_OPERATOR_PASSWORD ?? '' };

/** A 1200 x 400 banner picture (a gradient with a title), as a designer would upload it. */
function bannerArtwork(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#4c1d95"/><stop offset="1" stop-color="#b45309"/></linearGradient></defs>
    <rect width="1200" height="400" fill="url(#g)"/>
    <text x="80" y="230" font-family="sans-serif" font-size="96" font-weight="700" fill="#fde68a">Golden Week</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function codeOf(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

test('a content operator changes a banner and the lobby shows it', async ({ page }) => {
  // Every content desk in one walk, with an image upload: longer than the default minute.
  test.setTimeout(120_000);
  expect(operator.email).toContain('@');
  // The first banner a visitor sees in the lobby's carousel.
  const before = ((await (await page.request.get('/api/v1/details/banners?pageName=lobbySlider')).json()) as { data: { rows: Banner[] } })
    .data.rows[0]!;
  const title = `Golden Week ${Date.now().toString(36).slice(-4)}`;

  await page.goto('/admin');
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('6-digit code').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByTestId('operator-name')).toHaveText('E2E Content');
  // A content operator sees the content desk only.
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText([
    'Banners',
    'Popups',
    'Packages',
    'Spin wheel',
    'VIP tiers',
    'Site config',
    'CMS pages',
  ]);

  await page.getByRole('link', { name: 'Banners' }).click();
  await page.getByRole('button', { name: `Edit ${before.title}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByRole('button', { name: 'Save banner' }).click();
  await expect(dialog.getByText('Please give a reason (at least 5 characters).')).toBeVisible();
  await dialog.getByLabel('Link (a path, optional)').fill('https://evil.example');
  await dialog.getByLabel('Reason (kept in the audit trail)').fill('Golden Week campaign, ticket E2E-4');
  await dialog.getByRole('button', { name: 'Save banner' }).click();
  await expect(dialog.getByText('Enter a path inside the site starting with / (for example /store), or leave it empty.')).toBeVisible();
  await dialog.getByLabel('Link (a path, optional)').fill(before.redirectUrl ?? '');
  await dialog.getByRole('button', { name: 'Save banner' }).click();
  await expect(page.getByText('Banner saved.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await shootBothWidths(page, 'admin-banners');

  // An image for the banner: a renamed text file is refused in words; a PNG fills the image field
  // with its address on our origin and shows a preview (the change is not saved: other steps check
  // the generated artwork).
  await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
  const imageField = dialog.getByLabel('Image (optional; replaces the artwork)', { exact: true });
  const fakePng = test.info().outputPath('notes.png');
  await writeFile(fakePng, 'These are my notes, not an image.');
  await dialog.getByLabel(/^Image file for/).setInputFiles(fakePng);
  await expect(dialog.getByText('Invalid file type! Please upload a JPEG, JPG or PNG image.')).toBeVisible();
  await expect(imageField).toHaveValue('');
  const artwork = test.info().outputPath('artwork.png');
  await writeFile(artwork, await bannerArtwork());
  await dialog.getByLabel(/^Image file for/).setInputFiles(artwork);
  await expect(imageField).toHaveValue(/^\/api\/v1\/content-images\/[0-9a-f]{64}\.png$/);
  const preview = dialog.getByRole('img', { name: 'Preview of image (optional; replaces the artwork)' });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  const served = await page.request.get(await imageField.inputValue());
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  await shootBothWidths(page, 'admin-banner-upload');
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The old version is kept: the history shows the change, who made it and why.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: `History of ${title}` }).click();
  const history = page.getByRole('dialog', { name: /History of/ });
  // Newest first; a reused database also holds an earlier run's change with the same reason.
  await expect(history.getByRole('row').filter({ hasText: 'Golden Week campaign, ticket E2E-4' }).first()).toContainText(
    `title: "${before.title}" → "${title}"`,
  );
  await expect(history).toContainText(operator.email);
  await shootBothWidths(page, 'admin-banner-history');

  // Packages: a price of 0 is refused in words (nothing is saved; other specs buy these packages).
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Packages' }).click();
  await page.getByRole('button', { name: 'Edit starter-199' }).click();
  const pkgDialog = page.getByRole('dialog', { name: 'Edit package starter-199' });
  await pkgDialog.getByLabel('Price ($)').fill('0');
  await pkgDialog.getByLabel('Reason (kept in the audit trail)').fill('Checking the rules');
  await pkgDialog.getByRole('button', { name: 'Save package' }).click();
  await expect(pkgDialog.getByText('The price must be more than $0 and at most $10,000, in whole cents.')).toBeVisible();
  await shootBothWidths(page, 'admin-package-edit');
  await pkgDialog.getByRole('button', { name: 'Cancel' }).click();
  await shootBothWidths(page, 'admin-packages');

  // Spin wheel: the chance follows the weight as it is typed; a weight of 0 is refused in words.
  await page.getByRole('link', { name: 'Spin wheel' }).click();
  await page.getByLabel('Weight of segment 1', { exact: true }).fill('0');
  await page.getByLabel('Reason (kept in the audit trail)').fill('Checking the rules');
  await page.getByRole('button', { name: 'Save weights' }).click();
  await expect(
    page.getByText('Every segment needs a whole-number weight from 1 to 1,000,000 (a weight of 0 would never win).'),
  ).toBeVisible();
  await shootBothWidths(page, 'admin-spin-wheel', { fullPage: true });

  // Popups: a button leading to another site is refused in words.
  await page.getByRole('link', { name: 'Popups' }).click();
  await page
    .getByRole('button', { name: /^Edit popup / })
    .first()
    .click();
  const popupDialog = page.getByRole('dialog');
  await popupDialog.getByLabel('Button link (a path)').fill('https://evil.example');
  await popupDialog.getByLabel('Reason (kept in the audit trail)').fill('Checking the rules');
  await popupDialog.getByRole('button', { name: 'Save popup' }).click();
  await expect(
    popupDialog.getByText('The button must lead to a page of this site (a path starting with /), or leave it empty.'),
  ).toBeVisible();
  await popupDialog.getByRole('button', { name: 'Cancel' }).click();
  await shootBothWidths(page, 'admin-popups');

  // VIP tiers: a rakeback above 100% is refused in words.
  await page.getByRole('link', { name: 'VIP tiers' }).click();
  await page
    .getByRole('button', { name: /^Edit / })
    .nth(1)
    .click();
  const tierDialog = page.getByRole('dialog');
  await tierDialog.getByLabel('Rakeback (%)').fill('150');
  await tierDialog.getByLabel('Reason (kept in the audit trail)').fill('Checking the rules');
  await tierDialog.getByRole('button', { name: 'Save tier' }).click();
  await expect(tierDialog.getByText('Enter a percentage from 0 to 100, in hundredths of a percent at most.')).toBeVisible();
  await tierDialog.getByRole('button', { name: 'Cancel' }).click();
  await shootBothWidths(page, 'admin-vip-tiers');

  // Site config: the seeded blocked regions, the mode read-only; nothing saved without a reason.
  await page.getByRole('link', { name: 'Site config' }).click();
  await expect(page.getByRole('checkbox', { name: 'NV' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'NY' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Save site config' }).click();
  await expect(page.getByText('Please give a reason (at least 5 characters).')).toBeVisible();
  await shootBothWidths(page, 'admin-site-config', { fullPage: true });

  // The lobby shows the new title, with new artwork (a new image address, not the cached one).
  await page.goto('/');
  const image = page.getByRole('img', { name: `${title}: ${before.subtitle}` });
  await expect(image).toHaveCount(1);
  const src = await image.getAttribute('src');
  expect(src).not.toBe(before.desktopImageUrl);
  // The lobby shows the artwork's pixels; the drawing they are rendered from holds the new title.
  const art = await page.request.get(src!);
  expect(art.headers()['content-type']).toBe('image/webp');
  const drawing = await page.request.get(src!.replace('.webp', '.svg'));
  expect(await drawing.text()).toContain(title);
});
