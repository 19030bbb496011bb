import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { shootBothWidths } from '../support/screenshots.js';

/**
 * The card processor sends a signed webhook for a purchase this casino does not
 * have (PaymentNotFound): the server keeps it and answers 503 for a retry. A payments operator
 * finds it on the Failed webhooks page, replays it with a reason, and reads on screen why it still
 * cannot be applied; the row counts one attempt more.
 */
const operator = { email: process.env.E2E_WEBHOOKS_OPERATOR_EMAIL ?? '', password: process.env.E2E_OPERATOR_PASSWORD ?? '' };

function signedFinixWebhook(body: string): Record<string, string> {
  const secret = fs.readFileSync(path.join(process.env.E2E_DATA_DIR ?? '', 'finix-webhook-secret'), 'utf8').trim();
  const timestamp = Math.floor(Date.now() / 1000);
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { 'content-type': 'application/json', 'finix-signature': `t=${timestamp},v1=${mac}` };
}

test('a payments operator replays a failed processor webhook and sees why it still fails', async ({ page }) => {
  expect(operator.email).toContain('@');
  await page.setViewportSize({ width: 1440, height: 900 });
  const run = Date.now().toString(36);
  const eventId = `EVe2e${run}`;
  const body = JSON.stringify({
    id: eventId,
    type: 'transfer.updated',
    entity: {
      id: `TRe2e${run}`,
      state: 'SUCCEEDED',
      amount: 999,
      currency: 'USD',
      tags: { merchantRefNum: `unknown-${run}` },
      failure_code: null,
      failure_message: null,
    },
  });
  const delivered = await page.request.post('/api/v1/payment/finix/webhook', { headers: signedFinixWebhook(body), data: body });
  expect(delivered.status()).toBe(503);
  expect(((await delivered.json()) as { errors: { errorCode: number }[] }).errors[0]!.errorCode).toBe(3842);

  await page.goto('/admin');
  await page.getByLabel('E-mail').fill(operator.email);
  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page
    .getByLabel('6-digit code')
    .fill(new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate());
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByTestId('operator-name')).toHaveText('E2E Webhooks');

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Failed webhooks' }).click();
  await expect(page.getByRole('heading', { name: 'Failed webhooks' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: eventId });
  await expect(row).toContainText('Card processor (Finix)');
  await expect(row).toContainText('transfer SUCCEEDED 9.99 USD');
  await expect(row).toContainText('PaymentNotFound: This payment was not found.');
  await expect(row).toContainText('UTC');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');

  await row.getByRole('button', { name: /Replay webhook/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason (kept in the audit trail)').fill('Processor says it is paid, ticket 9001');
  await dialog.getByRole('button', { name: 'Replay' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The event still could not be applied (PaymentNotFound: This payment was not found.). It stays failed.',
  );
  await shootBothWidths(page, 'admin-webhook-replay-failed');
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  await expect(row).toContainText('failed');
  await shootBothWidths(page, 'admin-webhooks');
});
