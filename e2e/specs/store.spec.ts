import { expect, test, type Page } from '@playwright/test';
import { closeStartupDialogs, registerVerifiedPlayer, signInThroughUi } from '../support/players.js';

/**
 * The store, and a purchase with a 3-D Secure test card whose coins arrive in the header
 * without a reload (the wallet socket, after the server credited a verified processor result).
 */
function balance(page: Page, coin: 'GC' | 'SC') {
  return page.getByRole('banner').getByRole('status', { name: `${coin} balance` });
}

test.describe('store', () => {
  test('fills the billing details first, buys a package with a 3-D Secure card and sees GC and SC arrive in the header without a reload', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // The player arrived from an ad: its click id is kept in a cookie for the conversion events.
    await page.goto('/?fbclid=E2eAdClick');
    const player = await registerVerifiedPlayer(page, 'sto');
    await signInThroughUi(page, player);
    await closeStartupDialogs(page);
    await expect(balance(page, 'SC')).toHaveText('0.00');
    await page.evaluate(() => {
      (window as unknown as { storeSpecMarker: boolean }).storeSpecMarker = true;
    });

    await page.getByRole('banner').getByRole('link', { name: 'Get Coins' }).click();
    await expect(page).toHaveURL(/\/user\/store$/);
    await expect(page.getByRole('heading', { name: 'Store' })).toBeVisible();
    const cards = page.getByTestId('package-card');
    await expect(cards).toHaveCount(10);
    await expect(cards.nth(5)).toContainText('Hot Deal');
    await expect(cards.nth(5).getByTestId('old-price')).toHaveText('Old Price : $59.99');
    await page.screenshot({ path: testInfo.outputPath('store-1440.png'), fullPage: true });

    await cards.nth(2).getByRole('button', { name: '$9.99' }).click();

    // A new player has no billing details yet: that step opens first.
    const billing = page.getByRole('dialog', { name: 'Billing Details' });
    await billing.getByLabel('First Name').fill('Jane');
    await billing.getByLabel('Last Name').fill('Player');
    await billing.getByLabel('Date of Birth').fill('1990-04-12');
    await billing.getByLabel('Address Line 1').fill(' 1 Market Street');
    await billing.getByLabel('Zip Code').fill('9410');
    await billing.getByRole('button', { name: 'Continue' }).click();
    await expect(billing).toContainText('Address1 must not start with a space');
    await expect(billing).toContainText('Must be exactly 5 digits');
    await expect(billing).toContainText('State is required');
    await billing.getByLabel('Address Line 1').fill('1 Market Street');
    await billing.getByLabel('Zip Code').fill('94105');
    await billing.getByLabel('State').selectOption({ label: 'California' });
    await expect(billing.getByLabel('City').locator('option[value="San Francisco"]')).toHaveCount(1);
    await billing.getByLabel('City').selectOption('San Francisco');
    await page.screenshot({ path: testInfo.outputPath('billing-details-1440.png') });
    await billing.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Profile updated successfully.')).toBeVisible();
    await expect(billing).toBeHidden();

    const dialog = page.getByRole('dialog', { name: 'Payment' });
    // A new player's first purchase carries the first-purchase bonus (100 %): shown and credited doubled.
    await expect(cards.nth(2)).toContainText('20,000.00 GC');
    await expect(dialog).toContainText('20,000.00 GC');
    await expect(dialog).toContainText('+ 20.00 SC');
    await dialog.getByRole('button', { name: /Credit Card/ }).click();

    // The card fields are the processor's page, in its frame.
    const card = page.frameLocator('iframe[title="Card details"]');
    await expect(card.locator('body[data-ready="true"]')).toHaveCount(1);
    await card.getByLabel('Card number').fill('4000000000003220');
    await card.getByLabel('Expiry (MM/YY)').fill('1234');
    await card.getByLabel('CVC').fill('123');
    await card.getByLabel('Name on card').fill('Test Player');
    await expect(card.getByText('Visa')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('purchase-dialog-1440.png') });
    await dialog.getByRole('button', { name: 'Pay $9.99' }).click();

    // The processor asks for a 3-D Secure challenge; the tester passes it.
    const challenge = page.frameLocator('iframe[title="3-D Secure"]');
    await expect(challenge.getByText('3-D Secure verification')).toBeVisible();
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();

    await expect(dialog).toContainText('Your Payment has been successfull, Please allow 1-2 minutes for your funds to appear!');
    await expect(balance(page, 'SC')).toHaveText('20.00');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();

    // The purchase went to the ad platforms (sandbox outbox) with the ad click id.
    await expect(async () => {
      const outbox = (await (await page.request.get('/api/v1/dev/ad-conversions')).json()) as {
        data: { rows: { provider: string; eventName: string; amount: number; clickId: string | null }[] };
      };
      expect(outbox.data.rows).toContainEqual(
        expect.objectContaining({ provider: 'meta', eventName: 'purchase', amount: 999, clickId: expect.stringContaining('E2eAdClick') }),
      );
    }).toPass();
    await page.getByRole('banner').getByRole('button', { name: 'GC', exact: true }).click();
    await expect(balance(page, 'GC')).toHaveText('20.00K');
    expect(await page.evaluate(() => (window as unknown as { storeSpecMarker?: boolean }).storeSpecMarker === true)).toBe(true);
  });

  test('a declined card shows the failure, and the store fits a phone', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const player = await registerVerifiedPlayer(page, 'stm');
    await signInThroughUi(page, player);
    await closeStartupDialogs(page);
    // Billing details already on file: the payment opens straight away.
    const states = (await (await page.request.get('/api/v1/details/state')).json()) as {
      data: { rows: { state_id: number; stateCode: string }[] };
    };
    const ny = states.data.rows.find((row) => row.stateCode === 'NY')!;
    const saved = await page.request.put('/api/v1/user/profile', {
      data: {
        firstName: 'Sam',
        lastName: 'Player',
        dateOfBirth: '1985-02-03',
        addressLine_1: '5 Main Street',
        addressLine_2: '',
        state: String(ny.state_id),
        city: 'New York City',
        zipCode: '10001',
        country: '199',
        skipCheck: true,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.getByRole('banner').getByRole('link', { name: 'Get Coins' }).click();
    await expect(page.getByTestId('package-card')).toHaveCount(10);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('store-390.png') });

    await page.getByTestId('package-card').first().getByRole('button', { name: '$1.99' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Billing Details' })).toHaveCount(0);
    await dialog.getByRole('button', { name: /Credit Card/ }).click();
    const card = page.frameLocator('iframe[title="Card details"]');
    await expect(card.locator('body[data-ready="true"]')).toHaveCount(1);
    await card.getByLabel('Card number').fill('4000000000000002');
    await card.getByLabel('Expiry (MM/YY)').fill('1234');
    await card.getByLabel('CVC').fill('123');
    await page.screenshot({ path: testInfo.outputPath('purchase-dialog-390.png') });
    await dialog.getByRole('button', { name: 'Pay $1.99' }).click();
    await expect(dialog).toContainText('The payment was declined');
    await expect(balance(page, 'SC')).toHaveText('0.00');
  });

  test('pays through the hosted checkout with the e-wallet, which closes itself, and the return route shows the server status', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const player = await registerVerifiedPlayer(page, 'sth');
    await signInThroughUi(page, player);
    await closeStartupDialogs(page);
    const states = (await (await page.request.get('/api/v1/details/state')).json()) as {
      data: { rows: { state_id: number; stateCode: string }[] };
    };
    const tx = states.data.rows.find((row) => row.stateCode === 'TX')!;
    const saved = await page.request.put('/api/v1/user/profile', {
      data: {
        firstName: 'Tex',
        lastName: 'Player',
        dateOfBirth: '1980-06-07',
        addressLine_1: '9 Elm Street',
        addressLine_2: '',
        state: String(tx.state_id),
        city: 'Austin',
        zipCode: '73301',
        country: '199',
        skipCheck: true,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.getByRole('banner').getByRole('link', { name: 'Get Coins' }).click();

    await page.getByTestId('package-card').first().getByRole('button', { name: '$1.99' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.getByRole('button', { name: /hosted checkout/ }).click();
    const checkout = page.frameLocator('iframe[title="Hosted checkout"]');
    await expect(checkout.locator('body[data-ready="true"]')).toHaveCount(1);
    await expect(checkout.getByLabel('Environment')).toHaveText('TEST');
    await checkout.getByRole('button', { name: 'E-wallet' }).click();
    await checkout.getByRole('button', { name: 'Approve' }).click();
    await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
    // The checkout closes itself 5 s after its screen; then the dialog shows the server's result.
    await expect(dialog).toContainText('Your Payment has been successfull, Please allow 1-2 minutes for your funds to appear!', {
      timeout: 15_000,
    });
    await expect(page.locator('iframe[title="Hosted checkout"]')).toHaveCount(0);
    await expect(balance(page, 'SC')).toHaveText('4.00');

    // Opened as a page, the checkout returns to /user/store/deposit-status/{status}.
    const init = await page.request.post('/api/v1/payment/init-pay', {
      data: { amount: 1.99, packageId: 1, paymentType: 'deposit', providerType: 'PAYSAFE' },
    });
    const { paymentData } = ((await init.json()) as { data: { paymentData: { checkoutUrl: string } } }).data;
    await page.goto(paymentData.checkoutUrl);
    await expect(page.locator('body[data-ready="true"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'E-wallet' }).click();
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/store\/deposit-status\/failed\?merchantRefNum=/, { timeout: 15_000 });
    await expect(page.getByTestId('deposit-status')).toContainText('The payment was declined');
  });
});
