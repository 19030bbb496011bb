import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { shootBothWidths } from '../support/screenshots.js';

/**
 * A payments operator (made by admin:create's code, playwright.config.ts) opens
 * the reports: a range form refusing a backwards range in words, the charts, the tables, and the
 * CSV of the same range.
 */
const operator = { email: process.env.E2E_REPORTS_OPERATOR_EMAIL ?? '', password: process.env.E2E_OPERATOR_PASSWORD ?? '' };

test('a payments operator reads the reports and downloads their CSV', async ({ page }) => {
  expect(operator.email).toContain('@');
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText([
    'Players',
    'Redemptions',
    'Purchases',
    'Reconciliation',
    'Failed webhooks',
    'Refused wins',
    'Referral rewards',
    'Reports',
  ]);

  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByRole('table', { name: 'Per day (UTC)' }).getByRole('row').last()).toContainText(today);
  await expect(page.getByRole('img', { name: /SC per day: Wagered/ })).toBeVisible();

  await page.getByLabel('From (UTC day)').fill('2030-01-02');
  await page.getByLabel('To (UTC day)').fill('2030-01-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('The first day must not be after the last day.')).toBeVisible();
  await page.getByLabel('From (UTC day)').fill(today);
  await page.getByLabel('To (UTC day)').fill(today);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('table', { name: 'Per day (UTC)' }).getByRole('row')).toHaveCount(2);

  const href = await page.getByRole('link', { name: 'Download CSV (per day and game)' }).getAttribute('href');
  expect(href).toBe(`/api/admin/reports/daily.csv?from=${today}&to=${today}`);
  const csv = await page.request.get(href!);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect((await csv.text()).split('\r\n')[0]).toBe(
    'day,game_id,game,provider,rounds,gc_wagered,gc_won,gc_rtp,sc_wagered,sc_won,sc_rtp,theoretical_rtp',
  );

  await page.getByLabel('From (UTC day)').fill(new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Show' }).click();
  await shootBothWidths(page, 'admin-reports', { fullPage: true });
});
