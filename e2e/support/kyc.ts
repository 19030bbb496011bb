import { expect, type Page } from '@playwright/test';

/**
 * Verifies the signed-in player's phone (code from the sandbox SMS outbox) and passes the sandbox
 * KYC vendor's hosted steps with 'Approved', through the Verification tab as a player does (a player
 * whose start-up bonuses are claimed, so no start-up dialog is in the way)
 * (the same steps as e2e/specs/verification.spec.ts).
 */
/** A US number no other run has used (the sandbox refuses a number verified by another player). */
export function uniquePhone(): string {
  const n = (Date.now() * 7 + Math.floor(Math.random() * 1000)) % 10_000_000;
  const digits = String(n).padStart(7, '0');
  return `${212 + (n % 600)}-${2 + (n % 8)}${digits.slice(1, 3)}-${digits.slice(3)}`;
}

/** The newest 6-digit code the sandbox SMS outbox holds for the number. */
export async function latestSmsCode(page: Page, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/v1/dev/sms?to=${phone.replace(/\D/g, '')}`);
      const rows = ((await response.json()) as { data: { rows: { body: string }[] } }).data.rows;
      code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

export async function completeKycThroughUi(page: Page): Promise<void> {
  await page.goto('/user/account-details?tab=verification');
  const phone = uniquePhone();
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect(page.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
  const code = await latestSmsCode(page, phone);
  await page.getByLabel('One-time code').focus();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('OTP verified successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.locator('body[data-ready="true"]')).toBeAttached();
  await page.getByRole('button', { name: 'Capture document' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Take selfie' }).click();
  await page.getByLabel('Approved').check();
  await page.getByRole('button', { name: 'Submit verification' }).click();
  await expect(page.getByRole('heading', { name: 'Verification approved' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Return to Lucky Crown' }).click();
  await expect(page).toHaveURL(/\/user\/account-details\?tab=verification$/);
  await expect(page.getByTestId('kyc-message')).toHaveText('Your KYC has been verified.');
}
